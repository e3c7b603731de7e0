// WebSockets with @fastify/websocket: the live room's socket (routes/ws), messages up to 64 KB.
import websocket from '@fastify/websocket'
import { exposed } from '../expose'

export default exposed('websocket', async (app) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
})
