import { PAGE_SIZE } from './paged-list'

/** How many streamers the ranking screen asks for: 15 on the web client (spec R9.4). See streamer-ranking.ts. */
export const RANKING_COUNT: number = PAGE_SIZE.rankingWeb
export const RANKING_TAG = 0
