import { View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import type { NearViewportProps } from './types'

/** How far below the visible part of the page content is drawn ahead of the viewer: half a screen. */
const AHEAD = '0px 0px 50% 0px'

let placeholders = 0

/** Once a viewer moves with the keyboard, everything is drawn: each Tab may jump past a placeholder. */
let keyboard = false
const waiting = new Set<() => void>()
function onKey(e: KeyboardEvent) {
  if (e.key !== 'Tab') return
  keyboard = true
  document.removeEventListener('keydown', onKey, true)
  for (const draw of waiting) draw()
  waiting.clear()
}

/** The element that scrolls the placeholder (Taro's page, not the window), so `AHEAD` is measured against it. */
function scroller(el: Element): Element | null {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY
    if (overflow === 'auto' || overflow === 'scroll') return p
  }
  return null
}

/**
 * H5: content further down a long page (home's streamers, playbacks, channels, events and room list) is drawn when it
 * comes within half a screen of what the viewer sees, not while the page loads: a phone spends its first seconds on
 * what is on the screen (Lighthouse's blocking time on home was mostly sections nobody had scrolled to). Until then a
 * placeholder of about the content's height keeps the page's length. Where the browser has no IntersectionObserver,
 * the content is drawn at once; so is all of it once the viewer presses Tab, so that focus reaches every section
 * (docs/accessibility.md). A screen reader moving through the page scrolls it, and draws what comes next.
 */
export function NearViewport({ minHeight, children }: NearViewportProps) {
  const id = useRef(`near-viewport-${++placeholders}`).current
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined' || keyboard)
  useEffect(() => {
    if (near) return undefined
    const placeholder = document.getElementById(id)
    if (!placeholder) {
      setNear(true)
      return undefined
    }
    const draw = () => setNear(true)
    if (!waiting.size) document.addEventListener('keydown', onKey, true)
    waiting.add(draw)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) draw()
      },
      { root: scroller(placeholder), rootMargin: AHEAD }
    )
    observer.observe(placeholder)
    return () => {
      observer.disconnect()
      waiting.delete(draw)
      if (!waiting.size) document.removeEventListener('keydown', onKey, true)
    }
  }, [id, near])
  return near ? <>{children}</> : <View id={id} style={{ minHeight }} aria-hidden='true' />
}
