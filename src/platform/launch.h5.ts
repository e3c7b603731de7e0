import { isIOS } from './kinds'

/** H5 has no launch scene. */
export function launchScene(): number {
  return 0
}

/** H5 has no single-page mode (Moments' single-page mode is the mini-program's, R4.7). */
export function singlePageMode(): boolean {
  return false
}

export function deviceIsIOS(): boolean {
  return isIOS(navigator.userAgent)
}
