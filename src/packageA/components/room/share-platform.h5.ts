import Taro from '@tarojs/taro'
import { isWechat } from '@/platform/kinds'

/**
 * H5: the share sheet's platform part. WeChat's browser shares from its own ⋯ menu at the top right (the page's share
 * card is set through the JS-SDK): the sheet shows the 点击右上角分享 guide there. Elsewhere a browser shares the link.
 */
export const NATIVE_SHARE = false

/** The guide shown in WeChat's browser, none elsewhere. */
export function shareGuide(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) {
  return isWechat(userAgent) ? '点击右上角分享' : null
}

/**
 * 保存图片 on H5: the image is downloaded where the browser can (an `<a download>`); WeChat's browser keeps no downloads,
 * so there the viewer long-presses the image (its own 保存图片 menu). Resolves with what to tell the viewer.
 */
export function saveImage(src: string, name: string): Promise<string> {
  if (shareGuide()) return Promise.resolve('长按图片即可保存')
  const a = document.createElement('a')
  a.href = src
  a.download = name
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  return Promise.resolve('图片已开始下载')
}

export function copyText(text: string): Promise<boolean> {
  return Taro.setClipboardData({ data: text }).then(
    () => true,
    () => false
  )
}
