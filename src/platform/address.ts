/** A startup login handed over in the launch query (spec R2.26). */
export interface StartupLogin {
  tokentype: string
  token: string
}

/**
 * Mini-program: there is no address to clean. The launch query (with its tokentype + token, R2.26) reaches the app
 * through useLaunch, and share paths are built from ids, never from the query (src/stores/jssdk.h5.ts, the pages).
 */
export function takeStartupLogin(): StartupLogin | null {
  return null
}

/** Whether this start came with a startup login (H5: taken from the address); never in the mini-program. */
export function cameWithStartupLogin(): boolean {
  return false
}
