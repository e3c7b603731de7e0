import { View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import type { NearViewportProps } from './types'

/** How far below the visible part of the page content is drawn ahead of the viewer: half a screen. */
const AHEAD = '0px 0px 50% 0px'

let placeholders = 0

/**
 * H5: content further down a long page (home's streamers, playbacks, channels, events and room list) is drawn when it
 * comes within half a screen of what the viewer sees, not while the page loads: a phone spends its first seconds on
 * what is on the screen (Lighthouse's blocking time on home was mostly sections nobody had scrolled to). Until then a
 * placeholder of about the content's height keeps the page's length. Where the browser has no IntersectionObserver,
 * the content is drawn at once. Screen readers reach the rest as the page scrolls to where they read.
 */
export function NearViewport({ minHeight, children }: NearViewportProps) {
  const id = useRef(`near-viewport-${++placeholders}`).current
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (near) return undefined
    const placeholder = document.getElementById(id)
    if (!placeholder) {
      setNear(true)
      return undefined
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: AHEAD }
    )
    observer.observe(placeholder)
    return () => observer.disconnect()
  }, [id, near])
  return near ? <>{children}</> : <View id={id} style={{ minHeight }} aria-hidden='true' />
}
