import type { ActivityModule, Loaders } from './types'

/**
 * H5: every module is its own chunk, fetched when its first activity arrives or its tab opens, so the live room's
 * first-load JS does not carry them. modules.ts is the mini-program's variant.
 */
// each module is typed by its own store; the stage sees the common interface
const def = (m: { default: unknown }) => m.default as ActivityModule

export const loaders: Loaders = {
  vote: () => import(/* webpackChunkName: "act-vote" */ './vote').then(def),
  quiz: () => import(/* webpackChunkName: "act-quiz" */ './quiz').then(def),
  lottery: () => import(/* webpackChunkName: "act-lottery" */ './lottery').then(def),
  rain: () => import(/* webpackChunkName: "act-rain" */ './rain').then(def),
  redpack: () => import(/* webpackChunkName: "act-redpack" */ './redpack').then(def),
  goods: () => import(/* webpackChunkName: "act-goods" */ './goods').then(def)
}
