// Headers every answer carries: no response is sniffed into another type.
import { exposed } from '../expose'

export default exposed('headers', async (app) => {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    return payload
  })
})
