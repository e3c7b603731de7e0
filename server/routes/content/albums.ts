import type { Api } from '../../plugins/app/calls'
import type { AppContext } from '../../types/context'
import { CODE, biz, paginate } from '../../lib/util'
import { callerKey } from '../../plugins/app/identity'
import * as album from '../../../contract/album'
import { albumOr404, likePhoto, photosOf, visitAlbum } from '../../repositories/content'

/** Albums and their photos (R7.103–R7.106, R3.33, R3.34). */
export function registerAlbums(api: Api, ctx: AppContext): void {
  // a viewer's visits of an album count once a day
  api.call(album.albumDetail, (p, call) => {
    const id = p.id ?? p.album_id
    if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：相册ID(id)')
    return visitAlbum(ctx, id, callerKey(call.user, call.req))
  })

  api.call(album.photoList, (p) => {
    albumOr404(ctx, p.album_id)
    return paginate(photosOf(ctx, p.album_id, p.order), p.page, p.count)
  })

  // type 1 (default) likes, type 0 / -1 / 'down' / 'cancel' takes the like back (photo likes toggle, R4.29)
  api.call(album.photoUp, (p, call) => {
    const down = p.type === '0' || p.type === '-1' || p.type === 'down' || p.type === 'cancel'
    const likes = likePhoto(ctx, p.id, callerKey(call.user, call.req), down)
    return { id: p.id, likes, liked: down ? (0 as const) : (1 as const) }
  })
}
