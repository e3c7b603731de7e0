import * as menus from './menus'

/** The player's menus (menus.tsx). Mini-program: in package A already; menus-loader.h5.ts loads them on the web. */
export type Menus = typeof menus

export function loadMenus(): Promise<Menus> {
  return Promise.resolve(menus)
}
