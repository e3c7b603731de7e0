// The video's state as the page sees it, read in the page by either browser driver (Playwright's `page.evaluate` in
// Chromium, WebdriverIO's `browser.execute` in WebKit): what a failed wait on the picture reports.

export interface VideoState {
  t: number
  paused: boolean
  readyState: number
  buffered: [number, number][]
  /** the end of what can be sought to (a live stream's edge); null before any */
  seekableEnd: number | null
  rate: number
  height: number
  player: string | null
  text: string
}

/** Runs in the page: self-contained, as the drivers send its source. */
export const readVideoState = (): VideoState | null => {
  const v = document.querySelector('video')
  if (!v) return null
  const buffered: [number, number][] = []
  for (let i = 0; i < v.buffered.length; i++) buffered.push([v.buffered.start(i), v.buffered.end(i)])
  return {
    t: v.currentTime,
    paused: v.paused,
    readyState: v.readyState,
    buffered,
    seekableEnd: v.seekable.length ? v.seekable.end(v.seekable.length - 1) : null,
    rate: v.playbackRate,
    height: v.videoHeight,
    player: document.querySelector('.player')?.getAttribute('data-state') ?? null,
    text: document.querySelector('.player__text')?.textContent ?? ''
  }
}
