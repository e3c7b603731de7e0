import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { likeStore } from './like-store'
import { formatCount } from '@/utils/format'
import { buttonProps, hiddenProps } from '@/platform/a11y'
import { isClickOfTouch, isMove } from '@/utils/touch'
import { LIKE_FRAME_MS } from './tap-frame'

/** How long a heart floats, ms, and how many may float at once (a bounded number of nodes). */
export const HEART_DURATION = 1200
export const HEARTS_MAX = 12
const HEART_COLORS = ['#ff5a5f', '#ff8300', '#ffb400', '#ff4d94', '#9b6bff', '#36c7a0']

interface Heart {
  id: number
  color: string
  drift: number
  /** when it has floated away (ms since the epoch) */
  until: number
}

/**
 * The like button (spec R1.3, R3.17): every tap floats a heart here and counts one like in the room's batcher
 * (like-batcher.ts), which sends one combo call per 1.5 s window. On the mini-program the taps are shown a frame at
 * a time (tap-frame.ts): the frame's taps, their hearts and the count in one render, the hearts gone by then in the
 * same render; on H5 each tap at once.
 */
/**
 * `keepBatch`: a second button of the same room (the full-screen bar's) leaves the room's batch to the room's own
 * button when it unmounts (leaving full screen is not leaving the room).
 */
export const LikeButton = observer(function LikeButton({ roomId, keepBatch }: { roomId: number; keepBatch?: boolean }) {
  const [hearts, setHearts] = useState<Heart[]>([])
  const seq = useRef(0)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  /** taps of the frame not yet shown, and the frame's timer */
  const queued = useRef(0)
  const frame = useRef<ReturnType<typeof setTimeout> | null>(null)
  /** when the last heart shown floats away */
  const lastUntil = useRef(0)

  useEffect(() => {
    const list = timers.current
    return () => {
      list.forEach(clearTimeout)
      if (frame.current) clearTimeout(frame.current)
      // taps of a frame not shown yet still count
      if (queued.current > 0) likeStore.tap(roomId, queued.current)
      queued.current = 0
      if (!keepBatch) void likeStore.leave(roomId)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keepBatch is fixed for a button's life
  }, [roomId])

  /** `n` taps counted and floated, and the hearts that have floated away dropped, in one render. */
  const show = (n: number) => {
    const now = Date.now()
    if (n > 0) likeStore.tap(roomId, n)
    const added: Heart[] = []
    for (let i = 0; i < Math.min(n, HEARTS_MAX); i++) {
      const id = ++seq.current
      added.push({
        id,
        color: HEART_COLORS[id % HEART_COLORS.length],
        drift: ((id * 37) % 60) - 30,
        until: now + HEART_DURATION
      })
    }
    if (added.length) lastUntil.current = now + HEART_DURATION
    setHearts((list) => {
      const kept = list.filter((h) => h.until > now)
      return added.length || kept.length !== list.length ? [...kept, ...added].slice(-HEARTS_MAX) : list
    })
  }
  /** Mini-program: the next frame shows the taps queued and drops the hearts gone; frames run while hearts float. */
  const nextFrame = () => {
    if (frame.current) return
    frame.current = setTimeout(() => {
      frame.current = null
      const n = queued.current
      queued.current = 0
      show(n)
      // frames go on until the last heart has floated away (a frame with nothing to change renders nothing)
      if (Date.now() < lastUntil.current + LIKE_FRAME_MS) nextFrame()
    }, LIKE_FRAME_MS)
  }

  const onTap = () => {
    if (LIKE_FRAME_MS > 0) {
      queued.current++
      nextFrame()
      return
    }
    show(1)
    const id = seq.current
    timers.current.push(setTimeout(() => setHearts((list) => list.filter((h) => h.id !== id)), HEART_DURATION))
  }

  // A like counts when the finger lifts without moving (R9.25: more than 8 px is a move, e.g. a scroll that began on
  // the button), at once, so quick taps are not merged into a double-tap zoom; the click the browser sends within 1 s
  // after that touch is part of it and not a second like. A click with no touch before it (mouse, keyboard) counts.
  const touch = useRef<{ x: number; y: number; moved: boolean; endedAt: number }>({
    x: 0,
    y: 0,
    moved: false,
    endedAt: -Infinity
  })
  const point = (e: unknown) => {
    const t = (e as { changedTouches?: { clientX: number; clientY: number }[] }).changedTouches?.[0]
    return t ? { x: t.clientX, y: t.clientY } : null
  }
  const onTouchStart = (e: unknown) => {
    const p = point(e)
    touch.current = { x: p?.x ?? 0, y: p?.y ?? 0, moved: false, endedAt: -Infinity }
  }
  const onTouchMove = (e: unknown) => {
    const p = point(e)
    if (p && isMove(p.x - touch.current.x, p.y - touch.current.y)) touch.current.moved = true
  }
  const onTouchEnd = () => {
    touch.current.endedAt = Date.now()
    if (!touch.current.moved) onTap()
  }
  const onClick = () => {
    if (isClickOfTouch(touch.current.endedAt, Date.now())) return
    onTap()
  }

  return (
    <View className='interact-like'>
      <View className='interact-like__hearts' {...hiddenProps}>
        {hearts.map((h) => (
          <Text
            key={h.id}
            className='interact-like__heart'
            style={{ color: h.color, ['--drift' as string]: `${h.drift}px` }}
          >
            ♥
          </Text>
        ))}
      </View>
      <View
        className='interact-like__button'
        {...buttonProps('点赞')}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onClick={onClick}
      >
        <Text className='interact-like__icon' {...hiddenProps}>
          ♥
        </Text>
      </View>
      <Text className='interact-like__count'>{formatCount(likeStore.total(roomId))}</Text>
    </View>
  )
})
