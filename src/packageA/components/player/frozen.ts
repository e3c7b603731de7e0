/**
 * A picture that stands still while it plays, with no `waiting` from the browser: a stall all the same. Chromium's
 * Media Source has stopped a few frames short of what it held and gone on saying HAVE_ENOUGH_DATA (readyState 4) and
 * playing through a 15 s outage, so the viewer looked at a frozen picture with nothing said. The player's engine
 * (use-hls-engine.h5.ts) reads the video every FROZEN_CHECK_MS: a position unchanged for FROZEN_MS while the video
 * plays says 网络不给力，正在重连…, and the picture is playing again once its position moves.
 */

/** How long a playing picture may stand still before it counts as a stall (ms). */
export const FROZEN_MS = 2500
/** How often the position is read (ms). */
export const FROZEN_CHECK_MS = 500

/** What the watch reads of the video. */
export interface FrozenVideo {
  currentTime: number
  paused: boolean
  seeking: boolean
  ended: boolean
}

export class FrozenWatch {
  /** the position last seen, and since when (NaN: none while paused) */
  private at = NaN
  private since = 0
  /** the watch has said `froze` and the position has not moved since */
  private frozen = false

  constructor(private readonly now: () => number) {}

  /**
   * `froze` when the playing picture has stood still FROZEN_MS, `moved` when a frozen one moves again (a seek, the
   * jump to the edge after an outage, counts as a move once it is done), else null. A paused or ended video is not
   * frozen (its own events say what it does).
   */
  check(v: FrozenVideo): 'froze' | 'moved' | null {
    const t = this.now()
    if (v.paused || v.ended) {
      this.at = NaN
      this.frozen = false
      return null
    }
    if (v.seeking) {
      this.at = NaN
      return null
    }
    if (v.currentTime !== this.at) {
      this.at = v.currentTime
      this.since = t
      if (!this.frozen) return null
      this.frozen = false
      return 'moved'
    }
    if (this.frozen || t - this.since < FROZEN_MS) return null
    this.frozen = true
    return 'froze'
  }
}
