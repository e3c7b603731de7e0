/**
 * A media element for the player's hooks (src/packageA/components/player/use-*.h5.ts) to drive in jsdom, which has no
 * media: the test sets its currentTime, paused, buffered, seekable and playbackRate, and dispatches its events
 * (timeupdate, playing, waiting, loadedmetadata …) as a browser would. The hooks take it where they take the video.
 */

/** TimeRanges over [start, end] pairs of seconds. */
export function timeRanges(...ranges: Array<[number, number]>): TimeRanges {
  return {
    length: ranges.length,
    start: (i: number) => ranges[i][0],
    end: (i: number) => ranges[i][1]
  }
}

export class FakeVideo extends EventTarget {
  currentTime = 0
  duration = NaN
  paused = true
  readyState = 0
  videoHeight = 0
  videoWidth = 0
  buffered: TimeRanges = timeRanges()
  seekable: TimeRanges = timeRanges()
  src = ''
  disablePictureInPicture = false
  /** what play() answers: the browser's autoplay refusal is a rejection */
  refusePlay = false
  loads = 0
  private rate = 1

  get playbackRate(): number {
    return this.rate
  }

  set playbackRate(r: number) {
    this.rate = r
    this.fire('ratechange')
  }

  play(): Promise<void> {
    if (this.refusePlay) return Promise.reject(new DOMException('refused', 'NotAllowedError'))
    this.paused = false
    this.fire('play')
    return Promise.resolve()
  }

  pause(): void {
    if (this.paused) return
    this.paused = true
    this.fire('pause')
  }

  load(): void {
    this.loads++
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = ''
  }

  canPlayType(): string {
    return ''
  }

  getBoundingClientRect(): DOMRect {
    return { left: 0, top: 0, width: 0, height: 0, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) }
  }

  /** Dispatches a media event (timeupdate, playing, waiting, loadedmetadata …). */
  fire(type: string): void {
    this.dispatchEvent(new Event(type))
  }

  /** Plays on to `t` as the browser does: the position moves, then a timeupdate. */
  playTo(t: number): void {
    this.currentTime = t
    this.fire('timeupdate')
  }

  /** The fake as the element the hooks are typed for. */
  get element(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement
  }
}
