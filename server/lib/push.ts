import type { WebSocket } from 'ws'
import { mismatches } from '../../contract/check'
import { PUSH_BY_KIND, type PushData, type PushKind, type PushMessage } from '../../contract/push'
import { absolutize } from './absolute'

/**
 * Kinds whose broadcast compiles with any data, checked at run time only (strict mode). The activities' pushes are
 * typed: their views (server/routes/activity/views.ts) answer the contract's activity shapes, which the pushes reuse.
 * These three are built by the demo controls (server/routes/activity/demo.ts) from stored documents:
 *   goods_on     the item is looked up in the room's list (`find`: possibly undefined to the compiler);
 *   live_status  status is computed `onair ? 1 : 0`, which the compiler widens to `number`, not the contract's 0 | 1;
 *   chat_status  chat_closed is computed `closed ? 1 : 0`, widened the same way.
 * Remove a kind from here once its demo control builds the contract's type.
 */
type UntypedViews = 'goods_on' | 'live_status' | 'chat_status'

/** What a push of kind K takes: its contract data. */
export type PushInput<K extends PushKind> = K extends UntypedViews ? unknown : PushData<K>

/**
 * Strict mode (CONTRACT_STRICT=1, the tests): a message outside the contract throws, naming the fields, so the test
 * that caused it fails. Off in production: a push is never withheld for a documentation fault.
 */
const strict = () => process.env.CONTRACT_STRICT === '1'

function checked(message: PushMessage): PushMessage {
  if (!strict()) return message
  const schema = PUSH_BY_KIND.get(message.type)
  const faults = schema ? mismatches(schema, message, 'push') : ['push.type: 取值不在契约内']
  if (faults.length) throw new Error(`推送不符合契约（${String(message.type)}）：${faults.join('；')}`)
  return message
}

/** The text of one push, its media paths absolute from `base` (checked against the contract in strict mode). */
export function pushText(message: PushMessage, base = ''): string {
  return JSON.stringify({ type: checked(message).type, data: absolutize(message.data, base) })
}

/**
 * Per-room WebSocket fan-out. Every server→client message is JSON `{type, data}`, one kind of contract/push.ts's
 * `PushMessage` (see server/README.md): a push whose data is not its kind's does not compile.
 */
export class PushHub {
  private rooms = new Map<string, Set<WebSocket>>()
  /** `http://<Host>` each socket connected with, so media paths in pushes are absolute for that client */
  private bases = new WeakMap<WebSocket, string>()
  /** the signed-in viewer of each socket, and per room how many sockets each viewer has open */
  private owners = new WeakMap<WebSocket, number>()
  private viewersByRoom = new Map<string, Map<number, number>>()

  join(room: string, ws: WebSocket, base = '', userId = 0): void {
    this.bases.set(ws, base)
    let set = this.rooms.get(room)
    if (!set) this.rooms.set(room, (set = new Set()))
    set.add(ws)
    if (userId > 0) {
      this.owners.set(ws, userId)
      let v = this.viewersByRoom.get(room)
      if (!v) this.viewersByRoom.set(room, (v = new Map()))
      v.set(userId, (v.get(userId) ?? 0) + 1)
    }
  }

  leave(room: string, ws: WebSocket): void {
    const set = this.rooms.get(room)
    if (!set || !set.delete(ws)) return
    if (set.size === 0) this.rooms.delete(room)
    const uid = this.owners.get(ws)
    const v = uid ? this.viewersByRoom.get(room) : undefined
    if (uid && v) {
      const n = (v.get(uid) ?? 1) - 1
      if (n > 0) v.set(uid, n)
      else v.delete(uid)
      if (v.size === 0) this.viewersByRoom.delete(room)
    }
  }

  /** Distinct signed-in viewers with a socket in the room: what `online` counts (anonymous sockets do not). */
  viewers(room: string | number): number {
    return this.viewersByRoom.get(String(room))?.size ?? 0
  }

  count(room: string | number): number {
    return this.rooms.get(String(room))?.size ?? 0
  }

  send<K extends PushKind>(ws: WebSocket, type: K, data: PushData<K>): void {
    if (ws.readyState === 1) ws.send(pushText({ type, data } as PushMessage, this.bases.get(ws) ?? ''))
  }

  broadcast<K extends PushKind>(room: string | number, type: K, data: PushInput<K>): number {
    const message = checked({ type, data } as PushMessage)
    const set = this.rooms.get(String(room))
    if (!set) return 0
    const texts = new Map<string, string>()
    let n = 0
    for (const ws of set) {
      if (ws.readyState === 1) {
        const base = this.bases.get(ws) ?? ''
        let text = texts.get(base)
        if (text === undefined) texts.set(base, (text = JSON.stringify({ type, data: absolutize(message.data, base) })))
        ws.send(text)
        n++
      }
    }
    return n
  }

  /**
   * Cuts every socket of the room from the server side without a close handshake (a crashed node, a lost network):
   * the clients see their connection close and reconnect. Sandbox control for chaos tests (`/dev/rooms/:id/sockets/drop`).
   */
  dropRoom(room: string | number): number {
    const set = this.rooms.get(String(room))
    if (!set) return 0
    const sockets = Array.from(set)
    for (const ws of sockets) {
      this.leave(String(room), ws) // at once, so a count right after is exact (the close event comes later)
      ws.terminate()
    }
    return sockets.length
  }

  closeAll(): void {
    for (const set of this.rooms.values()) for (const ws of set) ws.terminate()
    this.rooms.clear()
    this.viewersByRoom.clear()
  }
}
