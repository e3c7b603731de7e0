import Taro from '@tarojs/taro'

/** Mini-program: "reload" relaunches the current page (logout, spec R4.3). */
export function reloadApp(): void {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1]
  const url = page?.route ? `/${page.route}` : '/pages/home/home'
  Taro.reLaunch({ url }).catch(() => undefined)
}
