import Taro from '@tarojs/taro'

/**
 * The mini-program: the share sheet's platform part. Sharing to a chat is WeChat's own (the page's
 * onShareAppMessage, a `<Button openType='share'>`), so there is no guide to WeChat's menu (share-platform.h5.ts).
 */
export const NATIVE_SHARE = true

export function shareGuide(_userAgent?: string): string | null {
  return null
}

/** 保存图片: downloaded, then saved to the album (WeChat asks the viewer for the album permission the first time). */
export async function saveImage(src: string, _name: string): Promise<string> {
  try {
    const file = await Taro.downloadFile({ url: src })
    await Taro.saveImageToPhotosAlbum({ filePath: file.tempFilePath })
    return '已保存到相册'
  } catch {
    return '保存失败，请长按图片保存'
  }
}

export function copyText(text: string): Promise<boolean> {
  return Taro.setClipboardData({ data: text }).then(
    () => true,
    () => false
  )
}
