// The H5 router imports Taro's Stencil tab bar (and with it the Stencil runtime) for apps whose tabBar is not custom.
// This app's tabBar is custom (src/app.config.ts), so the router never calls it: the H5 build links this stub instead
// (config/index.ts) and the first load carries no Stencil code.
export function defineCustomElementTaroTabbar() {
  throw new Error('Taro tab bar: the app uses tabBar.custom')
}
