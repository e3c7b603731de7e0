import { isIOS } from './kinds'

/** H5 has no launch scene. */
export function launchScene(): number {
  return 0
}

export function deviceIsIOS(): boolean {
  return isIOS(navigator.userAgent)
}
