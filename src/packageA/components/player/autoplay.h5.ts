import { isWechat } from '@/platform/kinds'

/**
 * H5 only (use-hls-engine.h5.ts, hls-engine.h5.ts' prefetch): whether the browser would refuse to start a video with
 * sound before the viewer's tap, as phone browsers do on a first visit. Asked of a video with no source: Chromium and
 * WebKit decide at the call, and a refusal rejects its play() at once with NotAllowedError; an allowed play() has
 * nothing to play and stays pending, so no answer before the next task is a yes. In WeChat's browser the JS bridge's
 * ready event allows the play (use-hls-engine.h5.ts), so the answer there is no refusal. Asked again for each stream:
 * after one tap the page may autoplay.
 */
export function soundAutoplayRefused(): Promise<boolean> {
  if (isWechat(navigator.userAgent)) return Promise.resolve(false)
  return new Promise((resolve) => {
    let play: Promise<void> | undefined
    try {
      play = document.createElement('video').play()
    } catch {
      return resolve(false)
    }
    // a browser whose play() answers nothing (before promises) never refuses here
    if (play === undefined || typeof play.then !== 'function') return resolve(false)
    play.then(
      () => resolve(false),
      (e: unknown) => resolve((e as Error | null)?.name === 'NotAllowedError')
    )
    setTimeout(() => resolve(false), 0)
  })
}
