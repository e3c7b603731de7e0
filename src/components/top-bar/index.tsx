import type { ComponentType } from 'react'

/**
 * A page's top bar with back (home when there is no page to go back to). H5 only (index.h5.tsx): the mini-program's
 * pages have WeChat's own navigation bar, with its back and, on a page opened first, its home button. Here a page is
 * the page itself.
 */
export function withTopBar<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return Page
}

/** The bar's height in CSS pixels (none in the mini-program), for a page that sizes itself to the window. */
export function topBarHeight(): number {
  return 0
}
