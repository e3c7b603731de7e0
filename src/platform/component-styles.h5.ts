// H5: the styles of Taro's React components (h5.useHtmlComponents), imported before any of the app's own so that the
// build puts them first in the app's stylesheet, where the app's rules override them (as Taro's own injection at the
// top of <head> did). They are extracted into that stylesheet, which is in the page (src/index.html), instead of being
// inserted by script at start-up: 13 KB of CSS parsed with the page, not 60 ms of the app's first task (config/index.ts).
import '@tarojs/components-react/dist/index.css'
