// The H5 build under /m2/ (registered with that prefix): its files, and index.html for every other path (history
// mode), home's and a live room's with their pre-rendered first screens (server/views/first-screen.ts).
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { baseOf } from '../../lib/absolute'
import { isFile, safeJoin } from '../../lib/util'
import { firstScreenOf, withFirstScreen } from '../../views/first-screen'
import { NOT_FOUND } from '../../plugins/app/errors'
import h5Files from '../../plugins/external/h5-files'

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><p>H5 尚未构建：请运行 <code>npm run build:h5</code> 或 <code>npm start</code>。</p>'

const h5: FastifyPluginAsync<{ h5Dir: string }> = async (app, { h5Dir }) => {
  await app.register(h5Files, { root: h5Dir })
  const index = path.join(h5Dir, 'index.html')

  /** index.html; home's and a live room's with their first screens */
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    const which = firstScreenOf(req.url)
    if (!which) return reply.sendH5File(index)
    return reply.sendPage(withFirstScreen(fs.readFileSync(index, 'utf8'), which, app.ctx.store, baseOf(req)))
  }

  app.get('/*', async (req, reply) => {
    const full = safeJoin(h5Dir, (req.params as { '*': string })['*'] || 'index.html')
    if (!isFile(full)) return reply.callNotFound()
    return full === index ? sendIndex(req, reply) : reply.sendH5File(full)
  })

  // history mode: a path that is no file is a page of the app
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET') return reply.code(404).send(NOT_FOUND)
    if (isFile(index)) return sendIndex(req, reply)
    return reply.code(404).type('text/html; charset=utf-8').send(NOT_BUILT)
  })
}

export default h5
