import type { WebSocket } from 'ws'
import { absolutize } from './lib/absolute'

/**
 * Per-room WebSocket fan-out. Every server→client message is JSON `{type, data}`; see server/README.md.
 */
export type PushType =
  | 'welcome'
  | 'pong'
  | 'online'
  | 'danmaku'
  | 'like'
  | 'gift'
  | 'live_status'
  | 'lottery_start'
  | 'lottery_result'
  | 'rain_start'
  | 'rain_stop'
  | 'redpack'
  | 'vote'
  | 'quiz'
  | 'goods_on'
  | 'goods_off'
  | 'chat_status'

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

  send(ws: WebSocket, type: PushType, data: unknown): void {
    if (ws.readyState === 1) ws.send(JSON.stringify({ type, data: absolutize(data, this.bases.get(ws) ?? '') }))
  }

  broadcast(room: string | number, type: PushType, data: unknown): number {
    const set = this.rooms.get(String(room))
    if (!set) return 0
    const texts = new Map<string, string>()
    let n = 0
    for (const ws of set) {
      if (ws.readyState === 1) {
        const base = this.bases.get(ws) ?? ''
        let text = texts.get(base)
        if (text === undefined) texts.set(base, (text = JSON.stringify({ type, data: absolutize(data, base) })))
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
