import { useEffect, useState } from 'react'
import { showToast } from '@/ui/overlay'

/**
 * H5 only (index.h5.tsx): 画中画, where the browser has the Picture-in-Picture API ('none' where it has not, or the
 * video refuses it); 'on' while the video plays in its window.
 */
export type PipState = 'none' | 'off' | 'on'

export function usePip(video: HTMLVideoElement | null): { pip: PipState; toggle: () => void } {
  const [pip, setPip] = useState<PipState>('none')
  useEffect(() => {
    if (!video) return undefined
    const d = document as Document & { pictureInPictureEnabled?: boolean }
    if (
      !d.pictureInPictureEnabled ||
      typeof video.requestPictureInPicture !== 'function' ||
      video.disablePictureInPicture
    ) {
      setPip('none')
      return undefined
    }
    setPip('off')
    const on = () => setPip('on')
    const off = () => setPip('off')
    video.addEventListener('enterpictureinpicture', on)
    video.addEventListener('leavepictureinpicture', off)
    return () => {
      video.removeEventListener('enterpictureinpicture', on)
      video.removeEventListener('leavepictureinpicture', off)
    }
  }, [video])
  const toggle = () => {
    if (!video) return
    const d = document as Document & {
      pictureInPictureElement?: Element | null
      exitPictureInPicture?: () => Promise<void>
    }
    const done = d.pictureInPictureElement ? d.exitPictureInPicture?.() : video.requestPictureInPicture()
    Promise.resolve(done).catch(() => void showToast('当前无法开启画中画'))
  }
  return { pip, toggle }
}
