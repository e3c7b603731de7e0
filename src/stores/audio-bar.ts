import { observable } from 'mobx'

/**
 * Whether the mini player bar has something to show (radio or an audio programme playing or paused). The audio
 * player's store (src/stores/audio-player.ts) keeps it, once a page has loaded that store; the pages' bar slots
 * (src/components/mini-player/slot*.tsx) read it, so on the web the bar and the audio player load only once
 * something plays.
 */
export const audioBar = observable.box(false)
