/** The page stack depth after which navigation replaces the current page (spec R2.40, R9.12). */
export const MAX_STACK_DEPTH = 9

export type NavigationMethod = 'switchTab' | 'navigateTo' | 'redirectTo'

/** How to open `url` given the current stack depth: tabs switch, a stack deeper than 9 replaces. */
export function navigationMethod(isTab: boolean, depth: number): NavigationMethod {
  if (isTab) return 'switchTab'
  return depth > MAX_STACK_DEPTH ? 'redirectTo' : 'navigateTo'
}
