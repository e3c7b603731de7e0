/**
 * Touch gestures on the video, as the players viewers know them: a tap shows or hides the controls, a double tap
 * pauses or plays; on-demand video also seeks with a horizontal swipe (the whole width is `span` seconds) and plays at
 * 2x while a long press is held. Pure and driven by the points and times it is given (the view feeds it touch events
 * and calls `tick` from its timers), so every rule is tested without a screen.
 */
export type GestureAction =
  | { type: 'tap' }
  | { type: 'double-tap' }
  | { type: 'seek-preview'; seconds: number }
  | { type: 'seek'; seconds: number }
  | { type: 'hold-start' }
  | { type: 'hold-end' }

/** A second tap within this long (and near the first) is a double tap; a single tap waits this long to be sure. */
export const DOUBLE_TAP_MS = 300
export const DOUBLE_TAP_DISTANCE = 40
export const LONG_PRESS_MS = 500
/** A finger that moves less than this is still a tap or a press. */
export const MOVE_THRESHOLD = 10

export interface GestureOptions {
  /** pixels across the video */
  width: number
  /** on-demand: swipe to seek and hold for 2x */
  seekable: boolean
  /** seconds a swipe across the whole width seeks */
  span: number
}

export class GestureRecognizer {
  private start: { x: number; y: number; t: number } | null = null
  private mode: 'pending' | 'swipe' | 'scroll' | 'hold' = 'pending'
  private lastTap: { x: number; y: number; t: number } | null = null
  private tapPending = false

  constructor(public options: GestureOptions) {}

  down(x: number, y: number, t: number): GestureAction[] {
    this.start = { x, y, t }
    this.mode = 'pending'
    return []
  }

  move(x: number, y: number, _t: number): GestureAction[] {
    if (!this.start || this.mode === 'scroll' || this.mode === 'hold') return []
    const dx = x - this.start.x
    const dy = y - this.start.y
    if (this.mode === 'pending') {
      if (Math.abs(dx) < MOVE_THRESHOLD && Math.abs(dy) < MOVE_THRESHOLD) return []
      this.mode = this.options.seekable && Math.abs(dx) > Math.abs(dy) ? 'swipe' : 'scroll'
      if (this.mode === 'scroll') return []
    }
    return [{ type: 'seek-preview', seconds: this.seconds(dx) }]
  }

  up(x: number, y: number, t: number): GestureAction[] {
    const start = this.start
    const mode = this.mode
    this.start = null
    this.mode = 'pending'
    if (!start) return []
    if (mode === 'hold') return [{ type: 'hold-end' }]
    if (mode === 'swipe') return [{ type: 'seek', seconds: this.seconds(x - start.x) }]
    if (mode === 'scroll') return []
    const last = this.lastTap
    if (
      this.tapPending &&
      last &&
      t - last.t <= DOUBLE_TAP_MS &&
      Math.hypot(x - last.x, y - last.y) <= DOUBLE_TAP_DISTANCE
    ) {
      this.tapPending = false
      this.lastTap = null
      return [{ type: 'double-tap' }]
    }
    this.lastTap = { x, y, t }
    this.tapPending = true
    return []
  }

  /** Timers: a press held long enough becomes a hold; a tap with no second one in time is a single tap. */
  tick(t: number): GestureAction[] {
    const out: GestureAction[] = []
    if (this.start && this.mode === 'pending' && this.options.seekable && t - this.start.t >= LONG_PRESS_MS) {
      this.mode = 'hold'
      this.tapPending = false
      out.push({ type: 'hold-start' })
    }
    if (this.tapPending && this.lastTap && t - this.lastTap.t >= DOUBLE_TAP_MS && !this.start) {
      this.tapPending = false
      out.push({ type: 'tap' })
    }
    return out
  }

  /** The touch was taken away (another gesture, the page): a hold ends. */
  cancel(): GestureAction[] {
    const wasHolding = this.mode === 'hold'
    this.start = null
    this.mode = 'pending'
    return wasHolding ? [{ type: 'hold-end' }] : []
  }

  private seconds(dx: number): number {
    const { width, span } = this.options
    return width > 0 ? Math.round((dx / width) * span) : 0
  }
}
