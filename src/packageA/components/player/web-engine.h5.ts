import { soundAutoplayRefused } from './autoplay.h5'
import { loadHls, prefersNativeHls, takePrefetched, type HlsInstance, type HlsModule } from './hls-engine.h5'
import type { Rendition } from './renditions'

/** What the player's engine hook (use-hls-engine.h5.ts) is given: the browser's (below), or a test's fake. */
export interface HlsEngine {
  /** hls.js's module (its own chunk) */
  load(): Promise<Pick<HlsModule, 'default'>>
  /** the instance prefetchStream started for `src`, now the caller's; null when there is none */
  takePrefetched(src: string): Promise<HlsInstance | null>
  /** the browser plays HLS itself (Safari on iOS): the video's own source, switched for 清晰度 */
  prefersNative(video: HTMLVideoElement): boolean
  /** a master playlist's renditions, for native HLS's 清晰度 (renditions.ts, its own chunk) */
  loadRenditions(src: string): Promise<Rendition[]>
  /** the browser would refuse to play with sound before a tap (autoplay.h5.ts) */
  autoplayRefused(): Promise<boolean>
}

export const webEngine: HlsEngine = {
  load: loadHls,
  takePrefetched,
  prefersNative: prefersNativeHls,
  loadRenditions: (src) =>
    import(/* webpackChunkName: "renditions" */ './renditions').then(({ loadRenditions }) => loadRenditions(src)),
  autoplayRefused: soundAutoplayRefused
}
