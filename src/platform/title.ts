import Taro from '@tarojs/taro'

/**
 * The page title, as plain text on both targets: the mini-program's native navigation bar, and on H5 the document's
 * title (the H5 build has no Taro navigation bar, whose router wrote the title as HTML: config/stubs/taro-navigation-bar.js).
 */
export function setPageTitle(title: string): Promise<unknown> {
  return Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}
