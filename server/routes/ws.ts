import type { FastifyInstance } from 'fastify'
import { baseOf } from '../api'
import type { AppContext } from '../context'

/** GET /ws?roomid=<id>: the push channel of one room (message format in server/README.md). */
export function registerWs(app: FastifyInstance, ctx: AppContext): void {
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

  app.get('/ws', { websocket: true }, (socket, req) => {
    const q = req.query as { roomid?: string; room_id?: string }
    const room = String(q.roomid ?? q.room_id ?? '').trim()
    if (!/^[\w-]{1,32}$/.test(room)) {
      socket.send(JSON.stringify({ type: 'error', data: { msg: '缺少参数：直播间ID(roomid)' } }))
      socket.close(4000, 'roomid required')
      return
    }
    const s = socket as typeof socket & { isAlive?: boolean }
    s.isAlive = true
    socket.on('pong', () => (s.isAlive = true))
    ctx.hub.join(room, socket, baseOf(req))
    const last = /^\d+$/.test(room)
      ? ((ctx.store.db.prepare('SELECT MAX(msg_id) AS m FROM danmaku WHERE room_id = ?').get(Number(room)) as { m: number | null }).m ?? 0)
      : 0
    ctx.hub.send(socket, 'welcome', { roomid: room, last_msg_id: last, online: ctx.hub.count(room) })
    ctx.hub.broadcast(room, 'online', { roomid: room, online: ctx.hub.count(room) })
    socket.on('message', (raw) => {
      s.isAlive = true
      let msg: { type?: string } | null = null
      try {
        msg = JSON.parse(String(raw))
      } catch {
        msg = null
      }
      if (msg?.type === 'ping') ctx.hub.send(socket, 'pong', { time: Date.now() })
      else socket.send(JSON.stringify({ type: 'error', data: { msg: '不支持的消息类型；弹幕请通过 POST /api/v1/userapp/danmaku 发送' } }))
    })
    socket.on('close', () => {
      ctx.hub.leave(room, socket)
      ctx.hub.broadcast(room, 'online', { roomid: room, online: ctx.hub.count(room) })
    })
  })
}
