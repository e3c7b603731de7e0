// hls.js's fetch loader is only for `progressive` loading, which this client does not turn on: hls.js loads with
// its XHR loader (config/hls-source.ts). Saying fetch is unsupported makes `progressive` fall back to XHR too.
export default undefined
export function fetchSupported() {
  return false
}
