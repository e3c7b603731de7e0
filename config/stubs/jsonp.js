// Taro's H5 request module imports jsonp-retry for `Taro.request({ jsonp: true })`. The app's one caller of
// Taro.request (src/core/request.ts) never asks for JSONP, so the H5 build links this instead (config/index.ts).
export default function jsonp() {
  return Promise.reject(new Error('JSONP requests are not supported by this build'))
}
