// The H5 router's tab bar (@tarojs/router's tabbar.js: Taro's Stencil tab bar, the Stencil runtime and Taro's tab-bar
// APIs) is for apps whose tabBar is not custom. This app's tabBar is custom (src/app.config.ts), for which the router's
// own initTabbar returns at once: the H5 build links this module in its place (config/index.ts).
export function initTabbar(config) {
  if (config.tabBar == null || config.tabBar.custom) return
  throw new Error('Taro tab bar: the app uses tabBar.custom')
}
