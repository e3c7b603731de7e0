// hls.js's key loader, left out of this client's hls.js build (config/hls-source.ts): the streams are clear MPEG-TS.
// A segment that names a key (EXT-X-KEY) fails as hls.js's own KEY_LOAD_ERROR, which its error controller retries
// and then reports as fatal, so the player shows its error state instead of waiting.
import { ErrorDetails, ErrorTypes } from 'hls.js-src/errors'
import { LoadError } from 'hls.js-src/loader/fragment-loader'

export default class AbsentKeyLoader {
  constructor() {
    this.emeController = null
  }
  abort() {}
  destroy() {}
  loadClear() {
    return null
  }
  load(frag) {
    return Promise.reject(
      new LoadError({
        type: ErrorTypes.NETWORK_ERROR,
        details: ErrorDetails.KEY_LOAD_ERROR,
        fatal: false,
        frag,
        error: new Error('encrypted streams are not supported by this player'),
        networkDetails: null
      })
    )
  }
}
