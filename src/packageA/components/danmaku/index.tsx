import { memo, useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Input, ScrollView, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { ChatRejected, type ChatMessage, type ChatRoom } from '@/stores/chat'
import { sessionStore } from '@/stores/session'
import { buttonProps, hiddenProps, logProps } from '@/platform/a11y'
import { prefersReducedMotion, watchReducedMotion } from '@/platform/motion'
import { showToast } from '@/ui/overlay'
import { DanmakuLanes, type Flying } from './lanes'
import { useChatRoom } from './use-chat-room'
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

/**
 * The flying danmaku over the video: absolutely positioned over the player box, messages cross
 * right to left in a few lanes by CSS transform animation. It renders once per flushed batch (never per message)
 * and holds at most the lane pool's slots as nodes. Screen readers skip it (the chat list below says the same), and
 * with reduced motion asked for it shows nothing: the messages are in the chat list.
 */
export function DanmakuLayer({ roomId }: { roomId: number }) {
  const room = useChatRoom(roomId)
  const reduce = useReducedMotion()
  const [items, setItems] = useState<Flying[]>([])
  const lanes = useRef<DanmakuLanes | null>(null)
  useEffect(() => {
    setItems([])
    if (!room || reduce) return undefined
    const l = (lanes.current = new DanmakuLanes())
    return room.onBatch((batch) => setItems(l.place(batch, Date.now())))
  }, [room, reduce])
  const laneCount = lanes.current?.options.lanes ?? 4
  return (
    <View className={`danmaku${reduce ? ' danmaku--still' : ''}`} data-room={roomId} {...hiddenProps}>
      {items.map((f) => (
        <View
          key={f.key}
          className='danmaku__item'
          data-msg-id={f.key}
          style={{ top: `${(f.lane * 100) / laneCount}%`, animationDuration: `${f.duration}ms`, animationDelay: `${f.delay}ms` }}
        >
          <Text className='danmaku__text'>{f.text}</Text>
        </View>
      ))}
    </View>
  )
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
  const all = room.visible
  const list = all.length > CHAT_ROWS ? all.slice(-CHAT_ROWS) : all
  const last = list.length ? list[list.length - 1].msgId : 0
  if (!list.length) {
    return (
      <View className='chat__list chat__list--empty'>
        <Text className='chat__empty'>{room.historyLoaded ? CHAT_EMPTY_TEXT : '加载中'}</Text>
      </View>
    )
  }
  return (
    // a scrollTop past the end (new per batch) keeps the latest at the bottom; scrollIntoView would also scroll the
    // page's own containers on H5
    <ScrollView className='chat__list' scrollY scrollTop={AUTO_SCROLL_BASE + last} scrollWithAnimation={false} {...logProps('聊天消息', live)}>
      {list.map((m) => (
        <ChatRow key={m.msgId} room={room} message={m} />
      ))}
    </ScrollView>
  )
})

/**
 * The chat panel below the player (spec R5.6–R5.9): the room's messages (latest at the bottom,
 * kept in view), tap one for 举报 / 屏蔽, and an input with 发送. Rejections show their message (the server's for
 * sensitive words, 聊天暂时关闭 for a closed chat); other failures a generic one.
 */
export function ChatPanel({ roomId }: { roomId: number }) {
  const room = useChatRoom(roomId)
  const [text, setText] = useState('')
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
      void showToast(err instanceof ChatRejected ? err.msg : SEND_FAILED_TEXT)
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='chat' data-room={roomId}>
      {room ? <ChatList room={room} /> : null}
      <View className='chat__bar'>
        <Input
          className='chat__input'
          value={text}
          placeholder='说点什么…'
          maxlength={200}
          confirmType='send'
          onInput={(e) => setText(e.detail.value)}
          onConfirm={() => void send()}
        />
        <View className={`chat__send${sending ? ' chat__send--busy' : ''}`} {...buttonProps()} onClick={() => void send()}>
          {SEND_TEXT}
        </View>
      </View>
    </View>
  )
}
