import { env } from '@/env'

export interface Brand {
  brand: string
  description: string
  slogan: string
}

/** The default share title from brand name, description and slogan (spec R1.24); blank parts are left out. */
export function defaultShareTitle(
  b: Brand = { brand: env.TARO_APP_BRAND, description: env.TARO_APP_DESCRIPTION, slogan: env.TARO_APP_SLOGAN }
): string {
  const head = [b.brand, b.description].filter(Boolean).join(' · ')
  return [head, b.slogan].filter(Boolean).join('，')
}

/**
 * How the messenger browser's share menu reads a page's share payload ahead of any share (src/stores/jssdk.h5.ts):
 * the `from` of that call. A page whose share function does something when the viewer shares (counting it) leaves
 * that out for this call.
 */
export const SHARE_PREVIEW = 'preview'

export function isSharePreview(res: unknown): boolean {
  return !!res && typeof res === 'object' && (res as { from?: unknown }).from === SHARE_PREVIEW
}

/**
 * The canonical web address of a page of the app (`/packageA/pages/live/live?roomid=301`): the main live host's
 * `/m2/` H5 page, the link a share card or 复制链接 gives.
 */
export function pageLink(liveHost: string, path: string): string {
  return `${liveHost.replace(/\/$/, '')}/m2${path.startsWith('/') ? '' : '/'}${path}`
}
