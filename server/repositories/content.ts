/** Timeline topics and posts, albums and photos: their lookups (a missing one is -4) and their counters. */
import type { Album, Photo } from '../../contract/album'
import type { Post, Topic } from '../../contract/timeline'
import type { AppContext } from '../types/context'
import { CODE, biz, chinaDay, paginate } from '../lib/util'
import { countOnce, uncount } from './counted'

export function topicOr404(ctx: AppContext, id: number): Topic {
  const t = ctx.store.doc<Topic>('topic', id)
  if (!t) throw biz(CODE.NOT_FOUND, '话题不存在')
  return t
}

/** The topic, its visits counted once more the first time `who` (callerKey) opens it that day. */
export function visitTopic(ctx: AppContext, id: number, who: string): Topic {
  const t = topicOr404(ctx, id)
  if (!countOnce(ctx, `topic-visit:${chinaDay()}`, id, who)) return t
  return ctx.store.patchDoc<Topic>('topic', id, { visits: Number(t.visits) + 1 }) ?? t
}

export function postOr404(ctx: AppContext, id: number): Post {
  const p = ctx.store.doc<Post>('post', id)
  if (!p) throw biz(CODE.NOT_FOUND, '内容不存在')
  return p
}

/** A page of a topic's posts, newest first, with the topic. */
export function postsOfTopic(ctx: AppContext, topicId: number, page: number, count: number) {
  const topic = topicOr404(ctx, topicId)
  const list = ctx.store
    .docs<Post>('post')
    .filter((x) => x.topic_id === topicId)
    .sort((a, b) => b.time - a.time)
  return { ...paginate(list, page, count), topic }
}

/** A post's like counts once a viewer (`who`, R4.29), and once more in its topic's total; the count after it. */
export function likePost(ctx: AppContext, id: number, who: string): { id: number; like: number } {
  const post = postOr404(ctx, id)
  if (!countOnce(ctx, 'like:post', id, who)) return { id, like: post.like }
  const next = ctx.store.patchDoc<Post>('post', id, { like: post.like + 1 })
  const topic = ctx.store.doc<Topic>('topic', post.topic_id)
  if (topic) ctx.store.patchDoc<Topic>('topic', post.topic_id, { total_likes: topic.total_likes + 1 })
  return { id, like: next?.like ?? post.like + 1 }
}

export function albumOr404(ctx: AppContext, id: number): Album {
  const a = ctx.store.doc<Album>('album', id)
  if (!a) throw biz(CODE.NOT_FOUND, '相册不存在')
  return a
}

/** The album, its visits counted once more the first time `who` (callerKey) opens it that day. */
export function visitAlbum(ctx: AppContext, id: number, who: string): Album {
  const a = albumOr404(ctx, id)
  if (!countOnce(ctx, `album-visit:${chinaDay()}`, id, who)) return a
  return ctx.store.patchDoc<Album>('album', id, { visits: a.visits + 1 }) ?? a
}

/** An album's photos: old first (asc, old), most liked first (hot), or newest first (anything else). */
export function photosOf(ctx: AppContext, albumId: number, order: string): Photo[] {
  const list = ctx.store.docs<Photo>('photo').filter((x) => x.album_id === albumId)
  if (order === 'asc' || order === 'old') list.sort((a, b) => a.time - b.time || a.id - b.id)
  else if (order === 'hot') list.sort((a, b) => b.likes - a.likes || b.id - a.id)
  else list.sort((a, b) => b.time - a.time || b.id - a.id)
  return list
}

/**
 * A viewer's like of a photo (`down`: taking it back), R4.29: each viewer's like counts once, and a viewer takes back
 * only their own. The album's total follows. The photo's likes after it.
 */
export function likePhoto(ctx: AppContext, id: number, who: string, down: boolean): number {
  const photo = ctx.store.doc<Photo>('photo', id)
  if (!photo) throw biz(CODE.NOT_FOUND, '照片不存在')
  const changed = down ? uncount(ctx, 'like:photo', id, who) : countOnce(ctx, 'like:photo', id, who)
  const delta = !changed ? 0 : down ? (photo.likes > 0 ? -1 : 0) : 1
  ctx.store.patchDoc<Photo>('photo', id, { likes: photo.likes + delta })
  const album = ctx.store.doc<Album>('album', photo.album_id)
  if (album) ctx.store.patchDoc<Album>('album', photo.album_id, { likes: Math.max(0, album.likes + delta) })
  return photo.likes + delta
}
