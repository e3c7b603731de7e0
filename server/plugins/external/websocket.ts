// WebSockets with @fastify/websocket: the live room's socket (routes/ws). Its clients send only the heartbeat (15
// bytes): a frame over 4 KB closes the socket (1009), and the route reads none over 256 characters.
import websocket from '@fastify/websocket'
import { exposed } from '../expose'

export default exposed('websocket', async (app) => {
  await app.register(websocket, { options: { maxPayload: 4 * 1024 } })
})
