import { currentPlatform } from '@/platform/current'
import { MESSENGER_PLATFORMS } from '@/platform/kinds'

/**
 * H5: in the messenger's browser, its OAuth login and JS-SDK share menu (src/stores/jssdk.h5.ts, R1.10, R7.64). The
 * store and its calls are a chunk of their own, loaded only there: other browsers never use them (about 1.3 KB gzip
 * less in every first load).
 */
export function startMessenger(): Promise<void> {
  if (!MESSENGER_PLATFORMS.includes(currentPlatform())) return Promise.resolve()
  return import(/* webpackChunkName: "messenger" */ './jssdk.h5').then(({ jssdkStore }) => jssdkStore.start())
}
