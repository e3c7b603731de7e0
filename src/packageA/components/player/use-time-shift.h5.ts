import { useEffect, useRef, useState, type MutableRefObject } from 'react'
import { dateWindow, fragmentsOf } from '@/utils/media-dates'
import { namedWindow, type HlsInstance } from './hls-engine.h5'
import { BEHIND_SECONDS, TIMESHIFT_MIN_SECONDS, type Chapter } from './play-state'
import type { Timeshift } from './web-controls'
import { dateInWindow, liveWindow, mediaTimeOf, timeInWindow } from './web-stream'

/**
 * H5 only (index.h5.tsx): time-shift (回看). A live stream with a window of a minute or more can be dragged back on
 * its bar, and 回到直播 returns to the edge. hls.js loads a live stream's edge only; a moment before it (回看 further
 * back than the edge's 30 s, a programme's 从头看) is played by a time-shift stream from that moment (web-stream.ts,
 * liveSource), until 回到直播: the engine (use-hls-engine.h5.ts) plays `shiftAt`.
 */

/**
 * A drag of the 回看 bar past what hls.js has loaded asks for a time-shift stream once it rests this long (a drag
 * fires an input event per step); the bar holds the chosen place until that stream plays, at most SHIFT_HOLD_MS.
 */
export const SHIFT_SETTLE_MS = 250
export const SHIFT_HOLD_MS = 10000

export interface TimeShiftOptions {
  live: boolean
  src: string
  blocked?: boolean
  chapters?: Chapter[]
  onWindow?: (window: { from: number; to: number } | null) => void
  hlsRef: MutableRefObject<HlsInstance | null>
  /** the clock of the bar's hold while a time-shift stream starts */
  now?: () => number
}

export interface TimeShift {
  /** the 回看 bar, or null without a window */
  timeshift: Timeshift | null
  /** the moment (ms) a time-shift stream plays from, or null for the edge's own stream */
  shiftAt: number | null
  /** a live viewer who has not chosen the past comes back to the edge after an outage */
  followsEdge: () => boolean
  /** 回到直播 */
  goLive: () => void
  /** the bar dragged to `t` (seconds of its media time) */
  seek: (t: number) => void
  /** PlayerHandle.seekToDate: a moment of the wall clock inside the window (false outside it) */
  seekToDate: (ms: number) => boolean
}

export function useTimeShift(
  videoRef: { current: HTMLVideoElement | null },
  video: HTMLVideoElement | null,
  { live, src, blocked, chapters, onWindow, hlsRef, now = Date.now }: TimeShiftOptions
): TimeShift {
  const [timeshift, setTimeshift] = useState<Timeshift | null>(null)
  const onWindowRef = useRef(onWindow)
  onWindowRef.current = onWindow
  /** The viewer chose to watch the past (回看): a recovered stream stays there rather than return to the edge. */
  const chosePast = useRef(false)
  const [shift, setShift] = useState<{ src: string; at: number } | null>(null)
  const shiftAt = live && shift?.src === src ? shift.at : null
  /** A time-shift stream asked for and not playing yet: the instance it leaves, and when the bar stops waiting. */
  const shifting = useRef<{ from: HlsInstance | null; until: number } | null>(null)
  const shiftTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  /**
   * Plays the moment `at` (ms) from a time-shift stream, or the edge's own stream (null); `position` is where the
   * bar shows it meanwhile, in the media time of the bar.
   */
  const shiftTo = (at: number | null, position: number | null) => {
    chosePast.current = at !== null
    shifting.current = { from: hlsRef.current, until: now() + SHIFT_HOLD_MS }
    setTimeshift((prev) => prev && { ...prev, current: position ?? prev.end, behind: at !== null })
    if (shiftTimer.current) clearTimeout(shiftTimer.current)
    shiftTimer.current = setTimeout(
      () => {
        shiftTimer.current = null
        setShift(at === null ? null : { src, at })
      },
      at === null ? 0 : SHIFT_SETTLE_MS
    )
  }
  // a paid room's trial over: bought, the stream starts again at the edge
  useEffect(() => {
    if (blocked) setShift(null)
  }, [blocked])
  useEffect(
    () => () => {
      if (shiftTimer.current) clearTimeout(shiftTimer.current)
    },
    []
  )

  // the bar: the window as it slides, the position in it, the programmes marked, and the window told to the page
  useEffect(() => {
    if (!live || !video) {
      setTimeshift(null)
      return undefined
    }
    let told: { from: number; to: number } | null = null
    const tell = (next: { from: number; to: number } | null) => {
      if (next && told && Math.abs(next.from - told.from) < 2000 && Math.abs(next.to - told.to) < 2000) return
      if (!next && !told) return
      told = next
      onWindowRef.current?.(next)
    }
    const update = () => {
      const w = liveWindow(video)
      const hls = hlsRef.current
      const fragments = fragmentsOf(hls)
      // a time-shift stream starting: the bar stays as the viewer left it until the new stream has dated fragments
      const sw = shifting.current
      if (sw) {
        const ready = hls !== sw.from && w && fragments.some((f) => f.programDateTime !== null)
        if (!ready && now() < sw.until) return
        shifting.current = null
      }
      // the window the master playlist names, of which hls.js loads the edge (or a time-shift stream's part)
      const whole = w ? namedWindow(hls, fragments) : null
      if (!w || (!whole && w.end - w.start < TIMESHIFT_MIN_SECONDS)) {
        tell(null)
        return setTimeshift(null)
      }
      tell(whole ? { from: whole.from, to: whole.to } : dateWindow(fragments))
      const edge = hls?.liveSyncPosition ?? w.end
      const behind = Math.max(0, edge - video.currentTime)
      const marks = (chapters || [])
        .map((c) => ({
          title: c.title,
          at: whole ? timeInWindow(fragments, whole, c.startAt) : mediaTimeOf(video, hls, c.startAt)
        }))
        .filter((m): m is { title: string; at: number } => m.at !== null)
      setTimeshift((prev: Timeshift | null) => {
        const next = {
          start: whole ? whole.start : w.start,
          end: w.end,
          current: video.currentTime,
          behind: behind > BEHIND_SECONDS,
          marks
        }
        // re-render at most once a second of media time
        if (
          prev &&
          Math.abs(prev.current - next.current) < 1 &&
          prev.behind === next.behind &&
          Math.abs(prev.end - next.end) < 1 &&
          prev.marks.length === next.marks.length
        )
          return prev
        return next
      })
    }
    update()
    video.addEventListener('timeupdate', update)
    video.addEventListener('seeked', update)
    const timer = setInterval(update, 2000)
    return () => {
      video.removeEventListener('timeupdate', update)
      video.removeEventListener('seeked', update)
      clearInterval(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- hlsRef and the clock are read as the bar updates
  }, [live, video, chapters])

  const goLive = () => {
    const v = videoRef.current
    if (!v) return
    chosePast.current = false
    if (shiftAt !== null || shiftTimer.current) return shiftTo(null, null) // the edge's own stream again
    const hls = hlsRef.current
    const w = liveWindow(v)
    const edge = hls?.liveSyncPosition ?? (w ? w.end - 3 : null)
    if (edge === null || edge === undefined) return
    v.currentTime = edge
    // loading starts again from the edge at once (hls.js was filling the buffer where the viewer was, and reloads a
    // playlist it is not playing the edge of less often)
    if (hls) {
      hls.stopLoad()
      hls.startLoad(edge)
    }
    if (v.paused) v.play().catch(() => undefined)
  }

  // anywhere inside the window; before what hls.js has loaded, a time-shift stream from that moment
  const seek = (t: number) => {
    const v = videoRef.current
    const w = v && liveWindow(v)
    if (!v || !w || !timeshift) return
    chosePast.current = true
    if (t >= w.start) {
      // back inside what is loaded: a time-shift asked for a moment ago is not wanted any more
      if (shiftTimer.current) clearTimeout(shiftTimer.current)
      shiftTimer.current = null
      shifting.current = null
      v.currentTime = Math.min(w.end - 1, t)
      return
    }
    const fragments = fragmentsOf(hlsRef.current)
    const whole = namedWindow(hlsRef.current, fragments)
    const at = whole && dateInWindow(fragments, whole, t)
    if (at) shiftTo(at, t)
  }

  const seekToDate = (ms: number) => {
    const v = videoRef.current
    if (!v || !live) return false
    const hls = hlsRef.current
    const t = mediaTimeOf(v, hls, ms)
    if (t === null) {
      // before what hls.js has loaded: a time-shift stream from that moment, inside the named window
      const fragments = fragmentsOf(hls)
      const whole = namedWindow(hls, fragments)
      if (!whole || ms < whole.from || ms > whole.to) return false
      shiftTo(ms, timeInWindow(fragments, whole, ms))
      return true
    }
    chosePast.current = true
    v.currentTime = t
    if (v.paused) v.play().catch(() => undefined)
    return true
  }

  return { timeshift, shiftAt, followsEdge: () => !chosePast.current, goLive, seek, seekToDate }
}
