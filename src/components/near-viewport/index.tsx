import type { NearViewportProps } from './types'

/**
 * Mini-program: the content at once. Home's stages (src/hooks/use-staged.ts) already keep the page's first setData to
 * its first screen, and its whole tree is under WeChat's node limit; index.h5.tsx is the web's.
 */
export function NearViewport({ children }: NearViewportProps) {
  return <>{children}</>
}
