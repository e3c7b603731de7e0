import { useEffect } from 'react'
import type { PlayerState } from './play-state'

/**
 * The player's status layer (正在加载…, 网络不给力…, 点击播放, 播放出错了) lies over the video, above its controls. It
 * takes taps only where the tap is its own (点击播放, 点击重试): while the stream loads or rebuffers every tap goes
 * through to the video's controls (pause, full screen, WeChat's own), as `pointer-events: none` on the layer itself
 * (its style, not only its class, so it holds whatever stylesheet the page has).
 */
export function overlayTakesTaps(state: PlayerState): boolean {
  return state === 'error' || state === 'needs-tap'
}

export function overlayStyle(state: PlayerState): { pointerEvents: 'auto' | 'none' } {
  return { pointerEvents: overlayTakesTaps(state) ? 'auto' : 'none' }
}

/** A stream that has not started playing this long after it was set up shows 点击播放 (autoplay refused or stuck). */
export const NEEDS_TAP_AFTER_MS = 3000

/**
 * 点击播放 when no `play` comes within NEEDS_TAP_AFTER_MS of loading: `toNeedsTap` is called once the player is still
 * loading that long (a play, a stall, an error or a new source first cancel the wait).
 */
export function useTapToPlayAfterWait(loading: boolean, toNeedsTap: () => void, restartKey?: unknown): void {
  useEffect(() => {
    if (!loading) return
    const timer = setTimeout(toNeedsTap, NEEDS_TAP_AFTER_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the wait restarts only with the loading state or source
  }, [loading, restartKey])
}
