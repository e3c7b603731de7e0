import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Input, ScrollView, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { ApiError } from '@/utils/errors'
import type { ChatMessage, ChatRoom } from './chat-store'
import { CHAT_CLOSED_MESSAGE } from './chat-message'
import { liveStore } from '@/stores/live'
import { sessionStore } from '@/stores/session'
import { buttonProps, disabledProps, hiddenProps, inputLabelProps, logProps } from '@/platform/a11y'
import { prefersReducedMotion, watchReducedMotion } from '@/platform/motion'
import { showToast } from '@/ui/overlay'
import { DEFAULT_LANES, DanmakuLanes, type Flying, type LaneMessage } from './lanes'
import { TimedFeed, type TimedItem } from './timed'
import { CROSSING_MS, LANES, MERGE_WINDOW_MS, danmakuSettings, type Blockable } from './settings'
import { useChatRoom } from './use-chat-room'
import { useDraft } from '../draft/use-draft'
import { useKeyboardLift } from '@/hooks/use-keyboard-lift'
import { displayText } from '@/utils/validate'
import './index.scss'

export { useChatRoom } from './use-chat-room'
export { DanmakuLanes } from './lanes'

export const SEND_TEXT = '发送'
export const SEND_FAILED_TEXT = '发送失败，请稍后再试'
export const EMPTY_TEXT_TIP = '请输入内容'
export const ACTIONS = ['举报', '屏蔽'] as const
export const REPORT_REASONS = ['广告骚扰', '色情低俗', '辱骂攻击', '违法违规', '其他']
export const CHAT_EMPTY_TEXT = '还没有人发言，来说两句吧'
const AUTO_SCROLL_BASE = 10_000_000
/** Rows the panel draws (the newest); the store keeps more (MAX_MESSAGES) for de-duplication and gap fill. */
export const CHAT_ROWS = 60
/**
 * The chat list is a polite live region while the room is calm; above this many messages a second (over the last
 * LIVE_WINDOW_MS) it stops announcing, so a busy room does not talk over everything. It speaks again when calm.
 */
export const LIVE_MAX_RATE = 2
export const LIVE_WINDOW_MS = 3000

/** Whether the viewer asked for less motion (H5: prefers-reduced-motion), following changes. */
function useReducedMotion(): boolean {
  const [reduce, setReduce] = useState(prefersReducedMotion)
  useEffect(() => watchReducedMotion(setReduce), [])
  return reduce
}

/** A message for the flying layer: what lanes.ts places, and what the 屏蔽词 test needs (settings.ts). */
export type FlyingMessage = LaneMessage & Blockable

/** Where a flying layer's messages come from: a subscription that hands it each batch, returning its unsubscribe. */
export type FlyingSource = (listener: (batch: FlyingMessage[]) => void) => () => void

/** The lanes for the current 弹幕设置 (a new pool when any of them changes). */
function useLanes(): { lanes: DanmakuLanes; count: number } {
  const s = danmakuSettings.settings
  const count = LANES[String(s.area)] ?? DEFAULT_LANES.lanes
  const lanes = useMemo(
    () =>
      new DanmakuLanes({
        lanes: count,
        slots: s.maxOnScreen,
        duration: CROSSING_MS[s.speed],
        merge: s.merge,
        mergeWindow: MERGE_WINDOW_MS
      }),
    [count, s.maxOnScreen, s.speed, s.merge]
  )
  return { lanes, count }
}

/**
 * The flying danmaku over the video: messages cross right to left in lanes by CSS transform animation. It renders once
 * per batch (never per message) and holds at most 同屏数量 items as nodes. 弹幕设置 decide whether it shows, its
 * opacity and font size (on each item), its area, speed and merging, and hide messages with a 屏蔽词 (never the
 * viewer's own). Screen readers skip it (the chat list below says the same), and with reduced motion asked for it
 * shows nothing: the messages are in the chat list.
 */
export const FlyingLayer = observer(function FlyingLayer({
  source,
  roomId
}: {
  source: FlyingSource | null
  roomId?: number
}) {
  const reduce = useReducedMotion()
  const s = danmakuSettings.settings
  const [items, setItems] = useState<Flying[]>([])
  const { lanes, count } = useLanes()
  const on = s.on && !reduce
  useEffect(() => {
    setItems([])
    if (!source || !on) return undefined
    return source((batch) => {
      // a message of tags alone has nothing left to show (R5.4)
      const shown = batch.filter((m) => m.text && !danmakuSettings.hides(m))
      if (shown.length) setItems(lanes.place(shown, Date.now()))
    })
  }, [source, on, lanes])
  return (
    <View
      className={`danmaku danmaku--font-${s.fontSize}${reduce ? ' danmaku--still' : ''}${on ? '' : ' danmaku--off'}`}
      data-room={roomId}
      data-area={s.area}
      style={{ height: `${s.area * 100}%` }}
      {...hiddenProps}
    >
      {items.map((f) => (
        <View
          key={f.key}
          className='danmaku__item'
          data-msg-id={f.key}
          style={{
            top: `${(f.lane * 100) / count}%`,
            height: `${100 / count}%`,
            opacity: s.opacity / 100,
            animationDuration: `${f.duration}ms`,
            animationDelay: `${f.delay}ms`
          }}
        >
          <Text className='danmaku__text'>{f.count > 1 ? `${f.text} ×${f.count}` : f.text}</Text>
        </View>
      ))}
    </View>
  )
})

/**
 * A playback's flying danmaku (R3.20): each flies as the video's position passes its time (timed.ts), and the
 * viewer's own, sent from the box, flies at once (kept on this device: the spec has no call to send one).
 */
export function useTimedDanmaku(items: readonly TimedItem[]) {
  const listeners = useRef(new Set<(batch: FlyingMessage[]) => void>())
  const feed = useMemo(() => new TimedFeed(items), [items])
  const mine = useRef(0)
  const emit = (batch: FlyingMessage[]) => listeners.current.forEach((l) => l(batch))
  const source = useCallback<FlyingSource>((listener) => {
    listeners.current.add(listener)
    return () => void listeners.current.delete(listener)
  }, [])
  const onTime = useCallback(
    (seconds: number) => {
      const due = feed.advance(seconds)
      if (due.length) emit(due)
    },
    [feed]
  )
  const sendOwn = useCallback(
    (text: string) => emit([{ msgId: -++mine.current, text: displayText(text), nickname: '', own: true }]),
    []
  )
  return { source, onTime, sendOwn }
}

/** A live room's flying danmaku: its chat's live messages (useChatRoom). */
export function DanmakuLayer({ roomId }: { roomId: number }) {
  const room = useChatRoom(roomId)
  const source = useMemo<FlyingSource | null>(() => (room ? (listener) => room.onBatch(listener) : null), [room])
  return <FlyingLayer source={source} roomId={roomId} />
}

async function openActions(room: ChatRoom, m: ChatMessage) {
  let tap: number
  try {
    tap = (await Taro.showActionSheet({ itemList: [...ACTIONS] })).tapIndex
  } catch {
    return // cancelled
  }
  if (tap === 0) {
    let reason: string | undefined
    try {
      reason = REPORT_REASONS[(await Taro.showActionSheet({ itemList: REPORT_REASONS })).tapIndex]
    } catch {
      return
    }
    if (!reason) return
    const ok = await room.report(m, reason)
    if (ok) void showToast('举报成功，我们会尽快处理')
    else if (sessionStore.isLoggedIn) void showToast('举报失败，请稍后再试')
  } else if (tap === 1) {
    const ok = await room.block(m.userId)
    if (ok) void showToast('已屏蔽该用户')
    else if (sessionStore.isLoggedIn) void showToast('屏蔽失败，请稍后再试')
  }
}

/** One message; memoized, so a batch renders only its new rows. A gap marker is its own row, not tappable. */
const ChatRow = memo(function ChatRow({ room, message: m }: { room: ChatRoom; message: ChatMessage }) {
  if (m.gap) {
    return (
      <View className='chat__gap' data-gap-from={m.gap.from} data-gap-to={m.gap.to}>
        <Text className='chat__gap-text'>{m.text}</Text>
      </View>
    )
  }
  return (
    <View className='chat__msg' data-msg-id={m.msgId} onClick={() => void openActions(room, m)}>
      <Text className='chat__nick'>{m.nickname || `用户${m.userId}`}：</Text>
      {m.text}
    </View>
  )
})

/** `polite` while the room is calm, `off` while more than LIVE_MAX_RATE messages a second arrive. */
function useLivePoliteness(room: ChatRoom): 'polite' | 'off' {
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    const arrivals: { at: number; n: number }[] = []
    let calmTimer: ReturnType<typeof setTimeout> | undefined
    const off = room.onBatch((batch) => {
      const now = Date.now()
      arrivals.push({ at: now, n: batch.length })
      while (arrivals.length && arrivals[0].at < now - LIVE_WINDOW_MS) arrivals.shift()
      const rate = (arrivals.reduce((sum, a) => sum + a.n, 0) * 1000) / LIVE_WINDOW_MS
      setBusy(rate > LIVE_MAX_RATE)
      clearTimeout(calmTimer)
      calmTimer = setTimeout(() => setBusy(false), LIVE_WINDOW_MS)
    })
    return () => {
      off()
      clearTimeout(calmTimer)
    }
  }, [room])
  return busy ? 'off' : 'polite'
}

const ChatList = observer(function ChatList({ room }: { room: ChatRoom }) {
  const live = useLivePoliteness(room)
  // 屏蔽词 hide messages here too, never the viewer's own (settings.ts), and a message of tags alone has nothing left
  // to show (R5.4); gap markers always show
  const blocking = danmakuSettings.settings.blockWords.length > 0
  const all = room.visible.filter((m) => m.gap || (m.text && !(blocking && danmakuSettings.hides(m))))
  const list = all.length > CHAT_ROWS ? all.slice(-CHAT_ROWS) : all
  const last = list.length ? list[list.length - 1].msgId : 0
  return (
    // a scrollTop past the end (new per batch) keeps the latest at the bottom; scrollIntoView would also scroll the
    // page's own containers on H5. The list is the log region even while empty (a room with no chat today, e.g. just
    // after China's midnight): a screen reader announces additions to a region it already knows, not a new one's.
    <ScrollView
      className={`chat__list${list.length ? '' : ' chat__list--empty'}`}
      scrollY
      scrollTop={AUTO_SCROLL_BASE + last}
      scrollWithAnimation={false}
      {...logProps('聊天消息', live)}
    >
      {list.length ? (
        list.map((m) => <ChatRow key={m.msgId} room={room} message={m} />)
      ) : room.historyLoaded ? (
        <Text className='chat__empty'>{CHAT_EMPTY_TEXT}</Text>
      ) : (
        <Text className='chat__loading'>加载中</Text>
      )}
    </ScrollView>
  )
})

/**
 * Sending a chat message from a box (the chat panel's, the full-screen bar's): empty text is refused with a toast;
 * rejections show their message (the server's for sensitive words, 聊天暂时关闭 for a closed chat), other failures a
 * generic one.
 */
export function useChatSend(room: ChatRoom | null) {
  // one draft per room, shared by the panel's box and the full-screen one, kept over a login (R4.6)
  const [text, setText] = useDraft(room ? `chat:${room.roomId}` : null)
  const [sending, setSending] = useState(false)
  async function send() {
    if (!room || sending) return
    if (!text.trim()) {
      void showToast(EMPTY_TEXT_TIP)
      return
    }
    setSending(true)
    try {
      const ok = await room.send(text)
      if (ok) setText('')
      else if (sessionStore.isLoggedIn) void showToast(SEND_FAILED_TEXT)
    } catch (err) {
      void showToast(err instanceof ApiError && err.kind === 'business' ? err.msg : SEND_FAILED_TEXT)
    } finally {
      setSending(false)
    }
  }
  return { text, setText, sending, send }
}

/**
 * The chat panel below the player (spec R5.6–R5.9): the room's messages (latest at the bottom,
 * kept in view), tap one for 举报 / 屏蔽, and an input with 发送 (`box`; the live room puts its box in the row at
 * the bottom of the page instead: ChatBox).
 */
export function ChatPanel({ roomId, box = true }: { roomId: number; box?: boolean }) {
  const room = useChatRoom(roomId)
  return (
    <View className='chat' data-room={roomId}>
      {room ? <ChatList room={room} /> : null}
      {box ? <ChatBar room={room} roomId={roomId} /> : null}
    </View>
  )
}

/** The chat's input with 发送 on its own, for a page that places it apart from the messages (the live room's bottom row). */
export function ChatBox({ roomId }: { roomId: number }) {
  return <ChatBar room={useChatRoom(roomId)} roomId={roomId} />
}

const ChatBar = observer(function ChatBar({ room, roomId }: { room: ChatRoom | null; roomId: number }) {
  const { text, setText, sending, send } = useChatSend(room)
  // the keyboard lifts the bar, not the page (the video stays on screen)
  const lift = useKeyboardLift()
  // the room's chat closed (its info, then the chat_status push): said at the box before anyone types (R5.8)
  const closed = liveStore.roomsData[roomId]?.chat_closed === 1
  return (
    <View className={`chat__bar${closed ? ' chat__bar--closed' : ''}`} style={lift.barStyle}>
      <Input
        {...lift.inputProps}
        {...(closed ? inputLabelProps(CHAT_CLOSED_MESSAGE) : {})}
        className='chat__input'
        value={closed ? '' : text}
        placeholder={closed ? CHAT_CLOSED_MESSAGE : '说点什么…'}
        disabled={closed}
        maxlength={200}
        confirmType='send'
        onInput={(e) => setText(e.detail.value)}
        onConfirm={() => !closed && void send()}
      />
      <View
        className={`chat__send${sending ? ' chat__send--busy' : ''}${closed ? ' chat__send--off' : ''}`}
        {...buttonProps()}
        {...(closed ? disabledProps(true) : {})}
        onClick={() => !closed && void send()}
      >
        {SEND_TEXT}
      </View>
    </View>
  )
})

/**
 * A send box over the video in full screen (a live room's chat, a playback's danmaku): the flying danmaku, the like
 * button and this box stay with the viewer in full screen, as in the players they know.
 */
export function FullscreenSendBox({
  text,
  setText,
  send,
  sending,
  placeholder = '发个弹幕…',
  closed = false
}: {
  text: string
  setText: (t: string) => void
  send: () => void
  sending?: boolean
  placeholder?: string
  /** the room's chat is closed: the box says so and takes nothing */
  closed?: boolean
}) {
  const lift = useKeyboardLift()
  return (
    <View className='fs-send' style={lift.barStyle} onClick={(e) => e.stopPropagation()}>
      <Input
        {...lift.inputProps}
        {...(closed ? inputLabelProps(CHAT_CLOSED_MESSAGE) : {})}
        className='fs-send__input'
        value={closed ? '' : text}
        placeholder={closed ? CHAT_CLOSED_MESSAGE : placeholder}
        disabled={closed}
        maxlength={200}
        confirmType='send'
        onInput={(e) => setText(e.detail.value)}
        onConfirm={() => !closed && send()}
      />
      <View
        className={`fs-send__btn${sending ? ' fs-send__btn--busy' : ''}`}
        {...buttonProps()}
        {...(closed ? disabledProps(true) : {})}
        onClick={() => !closed && send()}
      >
        {SEND_TEXT}
      </View>
    </View>
  )
}

/** A live room's chat box in full screen. */
export const FullscreenChatBox = observer(function FullscreenChatBox({ roomId }: { roomId: number }) {
  const room = useChatRoom(roomId)
  const { text, setText, sending, send } = useChatSend(room)
  const closed = liveStore.roomsData[roomId]?.chat_closed === 1
  return <FullscreenSendBox text={text} setText={setText} sending={sending} send={() => void send()} closed={closed} />
})
