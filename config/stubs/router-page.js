// Taro's H5 router hides the page a viewer leaves (navigateTo) at the end of its 300 ms slide: a timer shades it then
// (`taro_page_shade`, display: none). Its show() takes the shade off a page coming back but leaves that timer running,
// so a viewer who goes back within the slide (a quick 返回, a mis-tap) came back to a page the timer then shaded:
// a blank screen until a reload. The H5 build links this handler in its place (config/index.ts): the same, with
// show() cancelling the pending hide of the page it shows.
// the original, asked for with a query so that config/index.ts's replacement leaves this import alone
import PageHandler from '@tarojs/router/dist/router/page.js?original'

export default class RouterPageHandler extends PageHandler {
  show(page, ...rest) {
    const el = page ? this.getPageContainer(page) : null
    if (el && this.hideTimer && this.lastHidePage === el) {
      clearTimeout(this.hideTimer)
      this.hideTimer = null
    }
    return super.show(page, ...rest)
  }
}
