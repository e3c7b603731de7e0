import type { Api } from '../../api'
import type { AppContext } from '../../context'
import { registerAlbums } from './albums'
import { registerHome } from './home'
import { registerSearch } from './search'
import { registerStreamers } from './streamers'
import { registerTimeline } from './timeline'

/** live.ts's recording calls take a password room's password or room_key as the content calls do (R3.9). */
export { ROOM_ACCESS } from '../../../contract/content'

/** The content the viewer browses: home and lists, search, streamers, timeline posts and albums. */
export function registerContent(api: Api, ctx: AppContext): void {
  registerHome(api, ctx)
  registerSearch(api, ctx)
  registerStreamers(api, ctx)
  registerTimeline(api, ctx)
  registerAlbums(api, ctx)
}
