import goods from './goods'
import lottery from './lottery'
import quiz from './quiz'
import rain from './rain'
import redpack from './redpack'
import vote from './vote'
import type { ActivityModule, Loaders } from './types'

/**
 * Mini-program: the modules are compiled into packageA with the live room (the subpackage is what loads on demand
 * there; the main package does not grow). modules.h5.ts loads each as its own chunk.
 */
const ready = (m: unknown) => () => Promise.resolve(m as ActivityModule)

export const loaders: Loaders = {
  vote: ready(vote),
  quiz: ready(quiz),
  lottery: ready(lottery),
  rain: ready(rain),
  redpack: ready(redpack),
  goods: ready(goods)
}
