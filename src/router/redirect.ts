import { getItem, removeItem, setItem } from '@/platform/storage'

/** Where a post-login redirect waits until the next start (spec R2.28, R4.6). */
export const REDIRECT_KEY = 'login_redirect'

export function saveRedirect(url: string) {
  setItem(REDIRECT_KEY, url)
}

/** The saved redirect, removed as it is read so it is restored once. */
export function takeRedirect(): string | null {
  const url = getItem<string>(REDIRECT_KEY)
  if (url) removeItem(REDIRECT_KEY)
  return url || null
}
