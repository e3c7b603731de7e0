import Taro from '@tarojs/taro'

/** What the photo viewer shows: the pictures, the one to start on, and each one's text for a screen reader. */
export interface PhotoViewerOptions {
  urls: string[]
  current: number
  /** each picture's alternative text, as its thumbnail has it */
  alts: string[]
}

/**
 * Mini-program: WeChat's own full-screen viewer (wx.previewImage), with its swipe, zoom, long-press menu and the
 * system's back closing it. The H5 variant draws a viewer of its own (photo-viewer.h5.ts).
 */
export function openPhotoViewer({ urls, current }: PhotoViewerOptions): void {
  if (!urls.length) return
  void Taro.previewImage({ urls, current: urls[Math.min(Math.max(current, 0), urls.length - 1)] }).catch(
    () => undefined
  )
}
