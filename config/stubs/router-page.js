// Two races in Taro's H5 router when a viewer goes back quickly, both fixed by this handler, which the H5 build links
// in place of Taro's (config/index.ts):
//
// 1. It hides the page a viewer leaves (navigateTo) at the end of its 300 ms slide: a timer shades it then
//    (`taro_page_shade`, display: none). Its show() takes the shade off a page coming back but leaves that timer
//    running, so a viewer who went back within the slide came back to a page the timer then shaded: a blank screen
//    until a reload. Here show() cancels the pending hide of the page it shows.
// 2. Its router renders each address after that page's code has arrived, and nothing drops a render the viewer has
//    already left: tap a room, go back before the room's chunk arrives, and home showed at once, then the room's
//    late render hid it and opened the room under home's address. The router sets `pathname` as such a render
//    resumes; a render for an address that is no longer the current one is stale, and the hide, load, show and
//    unload it goes on to ask for (synchronously, in the same task) are dropped.
// the original, asked for with a query so that config/index.ts's replacement leaves this import alone
import PageHandler from '@tarojs/router/dist/router/page.js?original'

/** decodeURI as Taro's render applies it to an address, without throwing on a malformed one (left as it is). */
function decoded(path) {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

export default class RouterPageHandler extends PageHandler {
  get pathname() {
    return super.pathname
  }

  set pathname(p) {
    // a render resumes with its address decoded; the handler's own start sets the address as the history has it
    const current = decoded(this.history.location.pathname)
    if (!this.router.forcePath && p !== current && decoded(p) !== current) {
      this.staleRender = true
      void Promise.resolve().then(() => {
        this.staleRender = false
      })
      return
    }
    super.pathname = p
  }

  show(page, ...rest) {
    if (this.staleRender) return
    const el = page ? this.getPageContainer(page) : null
    if (el && this.hideTimer && this.lastHidePage === el) {
      clearTimeout(this.hideTimer)
      this.hideTimer = null
    }
    return super.show(page, ...rest)
  }

  hide(...args) {
    if (!this.staleRender) super.hide(...args)
  }

  load(...args) {
    if (!this.staleRender) super.load(...args)
  }

  unload(...args) {
    if (!this.staleRender) super.unload(...args)
  }
}
