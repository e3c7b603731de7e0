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

/** HTMLMediaElement.HAVE_FUTURE_DATA: the picture has data past its position (a number, for a fake element too). */
const HAVE_FUTURE_DATA = 3
/** The position the watch reads for a seeking video: none a video has, so a seek's start and its end are moves. */
const SEEKING = -1

/** What the watch reads of the video. */
export interface FrozenVideo {
  currentTime: number
  paused: boolean
  seeking: boolean
  ended: boolean
  readyState: number
}

export class FrozenWatch {
  /** the position last seen (SEEKING while it seeks), and since when (NaN: none while paused) */
  private at = NaN
  private since = 0
  /** the picture has stood still FROZEN_MS and has not moved on with data since */
  private frozen = false

  constructor(private readonly now: () => number) {}

  /**
   * `froze` at every reading while the playing picture has stood still FROZEN_MS, or has sought that long (a seek to a
   * position with no data: the jump to the edge as an outage starts waits there, and Chromium announces no `waiting`
   * for it), so that a stall said `playing` too early is a stall again; `moved` once when a frozen one moves on with
   * data ahead (a seek done within its data counts as a move); else null. A paused or ended video is not frozen (its
   * own events say what it does).
   */
  check(v: FrozenVideo): 'froze' | 'moved' | null {
    const t = this.now()
    if (v.paused || v.ended) {
      this.at = NaN
      this.frozen = false
      return null
    }
    const here = v.seeking ? SEEKING : v.currentTime
    if (here !== this.at) {
      this.at = here
      this.since = t
      // a seek that starts, or a move to where it has no data yet: still a stall, until it goes on (or its own
      // `playing` comes)
      if (!this.frozen || v.seeking || v.readyState < HAVE_FUTURE_DATA) return null
      this.frozen = false
      return 'moved'
    }
    if (t - this.since < FROZEN_MS) return null
    this.frozen = true
    return 'froze'
  }

  /** The browser's own `playing`: the picture goes on, and the watch starts over from the next position it reads. */
  playing(): void {
    this.at = NaN
    this.frozen = false
  }
}
