import Taro from '@tarojs/taro'

/** A picked image: a path the upload can send, and its file name (the server types uploads by extension). */
export interface PickedImage {
  path: string
  name: string
}

/**
 * Mini-program: one image from the album or the camera with WeChat's picker (chooseMedia, compressed). Null when the
 * user closes the picker.
 */
export async function pickImage(): Promise<PickedImage | null> {
  try {
    const res = await Taro.chooseMedia({
      count: 1,
      mediaType: ['image'],
      sourceType: ['album', 'camera'],
      sizeType: ['compressed']
    })
    const path = res.tempFiles?.[0]?.tempFilePath
    if (!path) return null
    return { path, name: path.split('/').pop() || 'avatar.jpg' }
  } catch {
    return null
  }
}
