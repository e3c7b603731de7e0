import type { FastifyPluginAsync } from 'fastify'
import { baseOf } from '../../lib/absolute'
import { limitAddress, tokenOf, userBySign, userByToken } from '../../plugins/app/identity'
import { TOO_FAST_MSG } from '../../lib/limit'
import { pushText } from '../../lib/push'
import { BizError, CODE, parseCookies } from '../../lib/util'
import { checkRoomAccess } from '../../services/room-access'
import type { Room } from '../../types'
import { lastMsgId } from '../../repositories/danmaku'

/** `online` pushes are coalesced: at most one per room per this many ms, and only when the count changed. */
export const ONLINE_COALESCE_MS = 1000
/** Close codes: a password room without its password or key, and a client over its socket or message limit. */
export const CLOSE_NEED_PASSWORD = 4003
export const CLOSE_TOO_FAST = 4029
/**
 * How long a refused socket has to answer the close before it is cut off (ws itself waits 30 s): a client that goes on
 * sending instead is cut off at its next message. One such socket used to send 367 MB after its close.
 */
export const CLOSE_GRACE_MS = 1000
/** The longest frame read as a message: the heartbeat `{"type":"ping"}` with room to spare. */
export const PING_MAX_CHARS = 256

/** GET /ws?roomid=<id>: the push channel of one room (message format in server/README.md). */
const wsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app
  const heartbeat = setInterval(() => {
    for (const ws of app.websocketServer?.clients ?? []) {
      const w = ws as typeof ws & { isAlive?: boolean }
      if (w.isAlive === false) {
        ws.terminate()
        continue
      }
      w.isAlive = false
      ws.ping()
    }
  }, 30000)
  heartbeat.unref()
  ctx.timers.add(heartbeat)

  /** open sockets per client address */
  const perClient = new Map<string, number>()
  /** the viewer count each room last heard, and the pending coalesced push */
  const lastOnline = new Map<string, number>()
  const pending = new Map<string, NodeJS.Timeout>()
  const scheduleOnline = (room: string) => {
    if (pending.has(room)) return
    const t = setTimeout(() => {
      pending.delete(room)
      ctx.timers.delete(t)
      if (ctx.hub.count(room) === 0) {
        lastOnline.delete(room)
        return
      }
      const n = ctx.hub.viewers(room)
      if (n === (lastOnline.get(room) ?? 0)) return
      lastOnline.set(room, n)
      ctx.hub.broadcast(room, 'online', { roomid: room, online: n })
    }, ONLINE_COALESCE_MS)
    t.unref()
    ctx.timers.add(t)
    pending.set(room, t)
  }

  app.get('/ws', { websocket: true }, (socket, req) => {
    const q = req.query as { roomid?: string; room_id?: string; password?: string; room_key?: string }
    const room = String(q.roomid ?? q.room_id ?? '').trim()
    let refused = false
    const refuse = (code: number, msg: string, bizCode?: number) => {
      if (refused) return socket.terminate()
      refused = true
      socket.send(pushText({ type: 'error', data: { msg, ...(bizCode !== undefined ? { code: bizCode } : {}) } }))
      socket.close(code, msg === TOO_FAST_MSG ? 'too many' : 'refused')
      const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS)
      cut.unref()
      socket.once('close', () => clearTimeout(cut))
    }
    // a frame over the size limit or a broken one: ws closes politely and would wait 30 s for the answer
    socket.on('error', () => socket.terminate())
    if (!/^[\w-]{1,32}$/.test(room)) return refuse(4000, '缺少参数：直播间ID(roomid)')
    // a bounded number of sockets per client address (an IPv6 caller's /64)
    const ip = limitAddress(req)
    const open = perClient.get(ip) ?? 0
    if (open >= ctx.limits.socketsPerClient) return refuse(CLOSE_TOO_FAST, TOO_FAST_MSG, CODE.TOO_FAST)
    // a password room's pushes only for a caller with its password or room_key (guesses limited)
    const doc = /^\d+$/.test(room) ? ctx.store.doc<Room>('room', Number(room)) : undefined
    if (doc?.password) {
      try {
        checkRoomAccess(ctx, req, doc, { password: q.password, room_key: q.room_key })
      } catch (err) {
        if (err instanceof BizError)
          return refuse(err.code === CODE.TOO_FAST ? CLOSE_TOO_FAST : CLOSE_NEED_PASSWORD, err.message, err.code)
        throw err
      }
    }
    perClient.set(ip, open + 1)
    // the viewer: Authorization header (the mini-program can send one) or the id/sign cookies (the H5 browser sends them)
    const cookies = parseCookies(req.headers.cookie)
    const user = userByToken(ctx, tokenOf(req, {})) ?? userBySign(ctx, cookies.id, cookies.sign)

    const s = socket as typeof socket & { isAlive?: boolean }
    s.isAlive = true
    socket.on('pong', () => (s.isAlive = true))
    ctx.hub.join(room, socket, baseOf(req), user?.id ?? 0)
    const last = /^\d+$/.test(room) ? lastMsgId(ctx, Number(room)) : 0
    ctx.hub.send(socket, 'welcome', { roomid: room, last_msg_id: last, online: ctx.hub.viewers(room) })
    scheduleOnline(room)
    // a bounded message rate per connection (the client pings every 25 s)
    let windowStart = Date.now()
    let messages = 0
    socket.on('message', (raw) => {
      if (refused) return socket.terminate()
      s.isAlive = true
      if (Date.now() - windowStart >= 10000) {
        windowStart = Date.now()
        messages = 0
      }
      if (++messages > ctx.limits.socketMessagesPer10s) return refuse(CLOSE_TOO_FAST, TOO_FAST_MSG, CODE.TOO_FAST)
      // the client's one message is the heartbeat (contract/push.ts ClientMessage, 15 bytes): a longer frame is none,
      // and is not parsed (JSON.parse of nested arrays costs about 1.5 µs a level, a frame's worth a few milliseconds)
      let msg: { type?: string } | null = null
      const text = (raw as Buffer).toString() // ws hands text frames over as Buffers (binaryType nodebuffer)
      if (text.length <= PING_MAX_CHARS) {
        try {
          msg = JSON.parse(text)
        } catch {
          msg = null
        }
      }
      if (msg?.type === 'ping') ctx.hub.send(socket, 'pong', { time: Date.now() })
      else
        socket.send(
          pushText({ type: 'error', data: { msg: '不支持的消息类型；弹幕请通过 POST /api/v1/userapp/danmaku 发送' } })
        )
    })
    socket.on('close', () => {
      const n = (perClient.get(ip) ?? 1) - 1
      if (n > 0) perClient.set(ip, n)
      else perClient.delete(ip)
      ctx.hub.leave(room, socket)
      scheduleOnline(room)
    })
  })
}

export default wsRoutes
