// H5 build (config/index.ts): a loader over the stylesheet of Taro's React components, for two of its rules.
//
// - Their Button's loading spinner (.weui-loading) is an image on a third-party CDN (img13.360buyimg.com), and the
//   app shows nothing from a host it does not control: the spinner is drawn from an inline SVG instead, twelve spokes
//   fading round the circle, which WeUI's animation (steps(12), a full turn a second) turns a spoke a step as it
//   turned the image. Any other image of another host left in that stylesheet (a Taro upgrade) fails the build
//   rather than load from there.
// - A default Button's grey and black (`.taro-button-core.taro-btn-default`, two classes) outweighed the app's own
//   one-class rules, so on H5 every themed button (登录, 进入直播间, 去登录, …) was drawn grey: the rule is wrapped in
//   :where(), weightless, so the app's button styles apply as they do in the mini-program, where WeChat's button
//   defaults sit under the page's styles. A button the app does not style keeps the grey.

const SPOKES = Array.from({ length: 12 }, (_, i) => {
  const a = ((i * 30 - 90) * Math.PI) / 180
  const x = (r) => (50 + r * Math.cos(a)).toFixed(1)
  const y = (r) => (50 + r * Math.sin(a)).toFixed(1)
  return `<line x1='${x(28)}' y1='${y(28)}' x2='${x(45)}' y2='${y(45)}' opacity='${(0.2 + (0.8 * i) / 11).toFixed(2)}'/>`
}).join('')

const SPINNER =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>" +
  `<g stroke='%238a8a8a' stroke-width='8' stroke-linecap='round'>${SPOKES}</g></svg>`

const CDN_SPINNER = /url\((['"]?)https?:\/\/[^)'"]*\.360buyimg\.com\/[^)'"]*\1\)/g
const ANY_REMOTE = /url\((['"]?)(?:https?:)?\/\/[^)'"]*\1\)/

const DEFAULT_BUTTON = /(^|})\.taro-button-core\.taro-btn-default\{/g

module.exports = function taroComponentStyles(source) {
  const out = String(source)
    .replace(CDN_SPINNER, `url("data:image/svg+xml,${SPINNER}")`)
    .replace(DEFAULT_BUTTON, '$1:where(.taro-button-core.taro-btn-default){')
  const remote = ANY_REMOTE.exec(out)
  if (remote) throw new Error(`Taro's component styles load ${remote[0]} from another host: bundle it (${__filename})`)
  return out
}
