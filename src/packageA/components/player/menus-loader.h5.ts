import { lazyChunk } from '@/utils/chunk'
import type { Menus } from './menus-loader'

/**
 * H5: the menus and the 弹幕设置 panel are their own chunk, fetched when a viewer first opens one (the live room's
 * first load does not carry them); a failed fetch is tried again at the next opening.
 */
export const loadMenus: () => Promise<Menus> = lazyChunk(() => import(/* webpackChunkName: "player-menus" */ './menus'))
