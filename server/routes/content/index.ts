import type { FastifyPluginAsync } from 'fastify'
import { registerAlbums } from './albums'
import { registerHome } from './home'
import { registerSearch } from './search'
import { registerStreamers } from './streamers'
import { registerTimeline } from './timeline'

/** live.ts's recording calls take a password room's password or room_key as the content calls do (R3.9). */
export { ROOM_ACCESS } from '../../../contract/content'

/** The content the viewer browses: home and lists, search, streamers, timeline posts and albums. */
const contentRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  registerHome(api, ctx)
  registerSearch(api, ctx)
  registerStreamers(api, ctx)
  registerTimeline(api, ctx)
  registerAlbums(api, ctx)
}

export default contentRoutes
