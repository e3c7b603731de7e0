import Taro from '@tarojs/taro'
import type { PickedImage } from './image-picker'

export type { PickedImage } from './image-picker'

/**
 * H5: one image through Taro's picker (a file input; the album only, so mobile browsers show no extra sheet). The
 * path is a blob: URL, which has no name: the picked file's own name goes with it. Null when nothing is picked.
 */
export async function pickImage(): Promise<PickedImage | null> {
  try {
    const res = await Taro.chooseImage({ count: 1, sourceType: ['album'] })
    const file = res.tempFiles?.[0] as { path?: string; originalFileObj?: File } | undefined
    const path = file?.path || res.tempFilePaths?.[0]
    if (!path) return null
    return { path, name: file?.originalFileObj?.name || 'avatar.jpg' }
  } catch {
    return null
  }
}
