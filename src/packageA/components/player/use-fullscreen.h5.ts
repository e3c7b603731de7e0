import { useEffect, useState } from 'react'
import {
  exitFullscreen,
  fullscreenElement,
  hasFullscreenApi,
  lockLandscape,
  onFullscreenChange,
  portraitWindow,
  requestFullscreen,
  unlockOrientation
} from './web-fullscreen'

/**
 * H5 only (index.h5.tsx): full screen of the player's box, with what is drawn over the video (web-fullscreen.ts): the
 * Fullscreen API ('api'), or the page's own full-screen layer where there is none ('page'). A landscape video turns
 * the screen landscape, or is turned by the page (`rotated`) where the window stays portrait. Left by the browser
 * (Esc, the system's back gesture), the player leaves it too.
 */
export type FullscreenMode = 'off' | 'api' | 'page'

export interface Fullscreen {
  full: FullscreenMode
  /** the page's layer is turned a quarter: the video's horizontal is the screen's vertical */
  rotated: boolean
  toggle: () => Promise<void>
}

export function useFullscreen(box: { current: HTMLElement | null }, landscape: boolean): Fullscreen {
  const [full, setFull] = useState<FullscreenMode>('off')
  const [rotated, setRotated] = useState(false)
  useEffect(
    () =>
      onFullscreenChange(() => {
        const el = fullscreenElement()
        if (el && el === box.current) return
        // left by the browser (Esc, the system's back gesture)
        setFull((f) => (f === 'api' ? 'off' : f))
        unlockOrientation()
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the box is read when the browser tells
    []
  )
  useEffect(() => {
    if (full === 'off') {
      setRotated(false)
      return undefined
    }
    const update = () => setRotated(landscape && portraitWindow())
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [full, landscape])
  const toggle = async () => {
    const el = box.current
    if (!el) return
    if (full !== 'off') {
      if (full === 'api') await exitFullscreen()
      unlockOrientation()
      setFull('off')
      return
    }
    if (hasFullscreenApi(el) && (await requestFullscreen(el))) {
      setFull('api')
      if (landscape) await lockLandscape()
    } else {
      setFull('page')
    }
  }
  return { full, rotated, toggle }
}
