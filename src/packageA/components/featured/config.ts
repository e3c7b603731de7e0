import type { FeaturedKey } from '@/router/pages'

/** A featured slow-live page (spec R3.55, R9.28–R9.31). */
export interface FeaturedConfig {
  key: FeaturedKey
  title: string
  /** Rooms come from this tag when no fixed list is given. */
  tagId?: number
  roomIds?: number[]
  defaultRoom: number
  primaryRoom: number
  /** The room whose chat and activities the page shows; null means the primary room. */
  interactionRoom?: number
  popularityOffset: number
}

export const FEATURED: Record<FeaturedKey, FeaturedConfig> = {
  // R9.29: tag 10; default and primary room 496; interaction room 539 or the first listed; popularity − 276000
  wuxilcb: {
    key: 'wuxilcb',
    title: '太湖慢直播',
    tagId: 10,
    defaultRoom: 496,
    primaryRoom: 496,
    interactionRoom: 539,
    popularityOffset: -276000
  },
  // R9.30
  dingshu: {
    key: 'dingshu',
    title: '丁蜀慢直播',
    roomIds: [461, 570, 571, 572, 573, 548],
    defaultRoom: 571,
    primaryRoom: 571,
    popularityOffset: 0
  },
  // R9.31
  hubin: {
    key: 'hubin',
    title: '湖滨慢直播',
    roomIds: [172, 174, 175],
    defaultRoom: 172,
    primaryRoom: 172,
    popularityOffset: 0
  }
}

/** The interaction room: the configured one when it is listed, else the first listed room (R9.29). */
export function interactionRoomOf(cfg: FeaturedConfig, listed: number[]): number {
  if (cfg.interactionRoom === undefined) return cfg.primaryRoom
  if (listed.includes(cfg.interactionRoom)) return cfg.interactionRoom
  return listed[0] ?? cfg.primaryRoom
}

/** Popularity shown on the page: the room's popularity (its like count) shifted by the page's offset, never below 0. */
export function featuredPopularity(cfg: FeaturedConfig, raw: number | undefined): number {
  return Math.max(0, (Number(raw) || 0) + cfg.popularityOffset)
}
