/**
 * Mini-program: there is no messenger browser to serve: no OAuth round trip, no JS-SDK, no share menu to fill ahead
 * (WeChat asks the page itself when the viewer shares). messenger.h5.ts is the web's (R1.10, R7.58, R7.64).
 */
export function startMessenger(): Promise<void> {
  return Promise.resolve()
}
