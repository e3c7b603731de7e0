import type { PushData, PushKind, PushMessage } from '../../contract/push'

/**
 * The room socket's messages (src/core/socket.ts): their kinds and data as contract/push.ts types them (type-only: no
 * schema ships in the app), who in the app takes each kind, and the decoding of one message off the wire.
 */

/** The first message of every connection (contract/push.ts): the room's newest chat msg_id when it joined. */
export type WelcomeData = PushData<'welcome'>

/** A live chat message as pushed (R3.14). */
export type DanmakuPushData = PushData<'danmaku'>

/** Each kind of push the server sends, with its data (contract/push.ts): no other kind arrives. */
export type PushDataMap = { [K in PushKind]: PushData<K> }

export type { PushKind }

/** A subscription: one kind of push, or '*' for every message. */
export type PushSubscription = PushKind | '*'

export type PushHandler<K extends PushSubscription = PushKind> = (
  data: K extends PushKind ? PushDataMap[K] : PushMessage['data'],
  type: K extends PushKind ? K : PushKind
) => void

/** Who in the app takes a kind of push (see PUSH_TAKERS). */
export type PushTaker = 'socket' | 'chat' | 'interact' | 'stage' | 'room' | 'ignored'

/**
 * Every kind of push of the contract and the part of the app that takes it. A kind the contract adds and this table
 * lacks does not compile, and a jest test (push-kinds.test.tsx) checks the contract's kinds against it and against the
 * features' subscriptions at run time.
 *
 * - socket: RoomSocket itself: `welcome` resets the backoff (the chat's gap fill and the stage's refresh after a
 *   reconnect listen to it too); `pong` and any other message count as heard; after an `error` the server closes and
 *   the backoff reconnects.
 * - chat: the room's chat (danmaku/chat-store.ts; the text lottery reads `danmaku` too).
 * - interact: the like total and the gift strip (interact/index.tsx).
 * - stage: the in-room activities (activities/stage.ts PUSH_KIND).
 * - room: the live room's state (packageA/pages/live/room-state.ts): on or off the air, the chat closed or open
 *   (聊天暂时关闭, R5.8), over what roominfo (R7.13) said when the room was opened.
 * - ignored: a kind the app does not take (none today).
 */
export const PUSH_TAKERS = {
  welcome: 'socket',
  pong: 'socket',
  error: 'socket',
  online: 'chat',
  danmaku: 'chat',
  like: 'interact',
  gift: 'interact',
  live_status: 'room',
  chat_status: 'room',
  lottery_start: 'stage',
  lottery_result: 'stage',
  rain_start: 'stage',
  rain_stop: 'stage',
  redpack: 'stage',
  vote: 'stage',
  quiz: 'stage',
  goods_on: 'stage',
  goods_off: 'stage'
} as const satisfies { readonly [K in PushKind]: PushTaker }

/** The kinds of push one part of the app takes. */
export type PushKindsOf<T extends PushTaker> = {
  [K in PushKind]: (typeof PUSH_TAKERS)[K] extends T ? K : never
}[PushKind]

/** A handler for each kind of a set (RoomSocket.onEach). */
export type PushHandlers<K extends PushKind> = { readonly [P in K]: PushHandler<P> }

/** One message off the wire: `{type, data}` as JSON text (or already parsed); null for anything else. */
export function parseMessage(raw: unknown): { type: string; data: unknown } | null {
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return null
    }
  }
  if (!value || typeof value !== 'object') return null
  const { type, data } = value as { type?: unknown; data?: unknown }
  return typeof type === 'string' ? { type, data } : null
}
