import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react'
import { formatDuration } from '@/utils/format'
import { GestureRecognizer, LONG_PRESS_MS, DOUBLE_TAP_MS, type GestureAction } from './gestures'
import { keyAction, SEEK_STEP_SECONDS } from './keys'
import type { PlayerMenu, PlayerState } from './play-state'
import { HOLD_RATE } from './rules'

/**
 * H5 only (index.h5.tsx): the viewer's input. The controls show on a touch and hide again while the video plays;
 * keys (Space, ← →, F, D: keys.ts); gestures (gestures.ts): a tap shows or hides the controls, a double tap plays or
 * pauses; on-demand, a swipe seeks and a long press plays at 2x while held.
 */

/** Controls hide this long after the last touch while the video plays. */
export const CONTROLS_HIDE_MS = 3000
/** A swipe across the whole width seeks this many seconds (or the whole video, if shorter). */
export const SWIPE_SPAN_SECONDS = 90

export interface InputOptions {
  box: { current: HTMLElement | null }
  video: { current: HTMLVideoElement | null }
  live: boolean
  blocked?: boolean
  state: PlayerState
  paused: boolean
  menu: PlayerMenu
  /** the page's full-screen layer is turned a quarter (use-fullscreen.h5.ts) */
  rotated: boolean
  /** the rate a long press holds the video from (null while none holds it) */
  holdRate: MutableRefObject<number | null>
  togglePlay: () => void
  seekTo: (seconds: number) => void
  toggleFullscreen: () => void
  /** D: the danmaku on or off; absent where the player has no danmaku */
  toggleDanmaku?: () => void
  /** the clock the gestures are timed by */
  now?: () => number
}

export interface PointerHandlers {
  onPointerDown: (e: { clientX: number; clientY: number }) => void
  onPointerMove: (e: { clientX: number; clientY: number }) => void
  onPointerUp: (e: { clientX: number; clientY: number }) => void
  onPointerCancel: () => void
}

export interface Input {
  /** the controls are on screen */
  controlsShown: boolean
  /** shows the controls, and hides them CONTROLS_HIDE_MS later while the video plays */
  showControls: () => void
  /** what a gesture shows over the video (the swipe's target, 2倍速播放中) */
  hint: string
  pointer: PointerHandlers
}

export function useInput(o: InputOptions): Input {
  const { box, video: ref, live, blocked, state, paused, menu, rotated, holdRate, now = Date.now } = o
  const seekable = !live
  const [controls, setControls] = useState(true)
  const [hint, setHint] = useState('')

  // ---- controls shown on a touch, hidden again while playing
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const showControls = useCallback(() => {
    setControls(true)
    if (hideTimer.current) clearTimeout(hideTimer.current)
    hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS)
  }, [])
  useEffect(() => () => void (hideTimer.current && clearTimeout(hideTimer.current)), [])
  // a paid room waiting to be bought has nothing to control: the poster stands and the banner asks for the unlock
  const controlsShown = !blocked && (controls || paused || state !== 'playing' || menu !== null)

  // ---- keys: Space, ← →, F, D
  const keysRef = useRef<(e: KeyboardEvent) => void>(() => undefined)
  keysRef.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return
    const target = e.target as HTMLElement | null
    const action = keyAction(
      {
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        targetTag: target?.tagName,
        targetEditable: target?.isContentEditable,
        targetRole: target?.getAttribute?.('role')
      },
      seekable
    )
    if (!action) return
    // a range input (the progress bar, 不透明度) takes its arrows itself
    if ((action === 'seek-back' || action === 'seek-forward') && target?.tagName === 'INPUT') return
    e.preventDefault()
    showControls()
    const v = ref.current
    if (action === 'toggle-play') o.togglePlay()
    else if (action === 'seek-back' && v) o.seekTo(v.currentTime - SEEK_STEP_SECONDS)
    else if (action === 'seek-forward' && v) o.seekTo(v.currentTime + SEEK_STEP_SECONDS)
    else if (action === 'fullscreen') o.toggleFullscreen()
    else if (action === 'danmaku') o.toggleDanmaku?.()
  }
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keysRef.current(e)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])

  // ---- gestures: tap shows the controls, double tap plays or pauses; on-demand: swipe seeks, long press 2x
  const gestures = useRef<GestureRecognizer | null>(null)
  const gestureTimers = useRef<ReturnType<typeof setTimeout>[]>([])
  const swipeBase = useRef(0)
  const runGestures = (actions: GestureAction[]) => {
    const v = ref.current
    for (const a of actions) {
      if (a.type === 'tap') {
        if (controlsShown && controls && state === 'playing' && !paused) setControls(false)
        else showControls()
      } else if (a.type === 'double-tap') o.togglePlay()
      else if (a.type === 'seek-preview' && v)
        setHint(`${formatDuration(Math.max(0, swipeBase.current + a.seconds))} / ${formatDuration(v.duration || 0)}`)
      else if (a.type === 'seek') {
        setHint('')
        o.seekTo(swipeBase.current + a.seconds)
      } else if (a.type === 'hold-start' && v && !live) {
        holdRate.current = v.playbackRate
        v.playbackRate = HOLD_RATE
        setHint('2倍速播放中')
      } else if (a.type === 'hold-end' && v) {
        if (holdRate.current !== null) v.playbackRate = holdRate.current
        holdRate.current = null
        setHint('')
      }
    }
  }
  const point = (e: { clientX: number; clientY: number }) => {
    const r = box.current?.getBoundingClientRect()
    const x = e.clientX - (r?.left || 0)
    const y = e.clientY - (r?.top || 0)
    // the page's own full-screen layer turned a quarter: the video's horizontal is the screen's vertical
    return rotated ? { x: y, y: (r?.width || 0) - x } : { x, y }
  }
  const later = (ms: number) =>
    gestureTimers.current.push(setTimeout(() => runGestures(gestures.current?.tick(now()) || []), ms))
  const pointer: PointerHandlers = {
    onPointerDown: (e) => {
      const v = ref.current
      const r = box.current?.getBoundingClientRect()
      const width = (rotated ? r?.height : r?.width) || 0
      const duration = v && Number.isFinite(v.duration) ? v.duration : 0
      gestures.current ??= new GestureRecognizer({ width, seekable, span: SWIPE_SPAN_SECONDS })
      gestures.current.options = {
        width,
        seekable,
        span: duration ? Math.min(duration, SWIPE_SPAN_SECONDS) : SWIPE_SPAN_SECONDS
      }
      swipeBase.current = v?.currentTime || 0
      const p = point(e)
      runGestures(gestures.current.down(p.x, p.y, now()))
      later(LONG_PRESS_MS)
    },
    onPointerMove: (e) => {
      if (!gestures.current) return
      const p = point(e)
      runGestures(gestures.current.move(p.x, p.y, now()))
    },
    onPointerUp: (e) => {
      if (!gestures.current) return
      const p = point(e)
      runGestures(gestures.current.up(p.x, p.y, now()))
      later(DOUBLE_TAP_MS)
    },
    onPointerCancel: () => runGestures(gestures.current?.cancel() || [])
  }
  useEffect(() => () => gestureTimers.current.forEach(clearTimeout), [])

  return { controlsShown, showControls, hint, pointer }
}
