import Taro from '@tarojs/taro'

/** Mini-program: the native navigation bar shows the title as plain text. */
export function setPageTitle(title: string): Promise<unknown> {
  return Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}
