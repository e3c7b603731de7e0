import { PAGE_SIZE } from './paged-list'

/**
 * How many streamers the ranking screen asks for: 20 in the mini-program (spec R9.4, R7.50). The H5 build takes
 * streamer-ranking.h5.ts instead (15). The ranking screen always uses tag 0 (R7.50).
 */
export const RANKING_COUNT: number = PAGE_SIZE.rankingMini
export const RANKING_TAG = 0
