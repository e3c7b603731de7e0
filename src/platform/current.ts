import type { PlatformKind } from './kinds'

/** The mini-program build. */
export function currentPlatform(): PlatformKind {
  return 'WEAPP'
}

export const inMiniProgram = true
