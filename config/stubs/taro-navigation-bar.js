// Taro's H5 navigation bar (@tarojs/router's navigationBar.js and router/navigation-bar.js: the bar's markup, icons,
// styles and colour and loading handling, about 4 KB gzip on every first load) is shown only for pages whose
// navigationStyle is 'default', and no page here has it: each draws its own bar or has the browser's title alone. The
// H5 build links this module in place of both files (config/index.ts). What the router still needs of them is the
// document title, kept as Taro keeps it: a page's title set by Taro.setNavigationBarTitle, else its config's
// navigationBarTitleText, remembered per page and put back when the page shows again. The title is the document's
// plain text: with no bar there is no HTML to write it into.
import { eventCenter } from '@tarojs/runtime'

export function initNavigationBar() {}

export default class NavigationBarHandler {
  constructor(pageContext) {
    this.pageContext = pageContext
    this.titles = {}
    eventCenter.on('__taroH5SetNavigationBarTitle', (title) => this.setTitle(title))
  }

  load() {
    this.setTitle()
  }

  setTitle(title) {
    const page = this.pageContext.originPathname
    if (typeof title === 'string') this.titles[page] = title
    else if (typeof this.titles[page] !== 'string')
      this.titles[page] = this.pageContext.pageConfig?.navigationBarTitleText ?? document.title
    document.title = this.titles[page]
  }
}
