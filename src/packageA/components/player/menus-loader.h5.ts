import type { Menus } from './menus-loader'

let chunk: Promise<Menus> | null = null

/**
 * H5: the menus and the 弹幕设置 panel are their own chunk, fetched when a viewer first opens one (the live room's
 * first load does not carry them); a failed fetch is tried again at the next opening.
 */
export function loadMenus(): Promise<Menus> {
  if (!chunk) {
    chunk = import(/* webpackChunkName: "player-menus" */ './menus')
    chunk.catch(() => (chunk = null))
  }
  return chunk
}
