import { useEffect, useState } from 'react'
import { afterFirstFrame } from './first-frame'

/**
 * H5: whether what a live room draws below its starting video (the tabs, chat and interaction bar) may render. hls.js
 * loads, parses and transmuxes the stream on the page's main thread, so whatever renders beside it delays the first
 * frame: with `videoFirst` they come at the first frame (FIRST_FRAME_CAP at most, first-frame.ts), otherwise a task
 * after the room (`ready`). Once shown, they stay.
 */
export function useAfterVideo(ready: boolean, videoFirst: boolean): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!ready || shown) return
    let on = true
    void (videoFirst ? afterFirstFrame() : Promise.resolve()).then(() => on && setShown(true))
    return () => {
      on = false
    }
  }, [ready, videoFirst, shown])
  return shown
}
