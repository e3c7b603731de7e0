// Taro's React Image (h5.useHtmlComponents, config/index.ts) reads its <img>'s rendered `width` and `height` in every
// load event, to hand them on as the event's detail, whether or not the app listens: the browser lays the page out
// there and then, once for each picture that arrives. On home, with its covers arriving one after another, such a
// layout took up to 48 ms at 1x on a two-core machine, in tasks Lighthouse counts as blocking (docs/performance.md).
// Its `lazyLoad` also made an IntersectionObserver for each image and set `src` again each time the image came back
// into view. The H5 build links this Image in its place, drawing the same elements and classes:
// - the load event's detail is the picture's own size (`naturalWidth`, `naturalHeight`), as WeChat's `<image>` gives
//   it, and is read only when the app listens (`onLoad`): neither forces a layout;
// - `lazyLoad` images wait on one shared observer (300 px above and below the screen, as Taro's) and are let go of
//   once shown; where there is no IntersectionObserver (before iOS 12.2) they load at once.
import { forwardRef, useCallback, useEffect, useRef, useState } from 'react'
import { jsx } from 'react/jsx-runtime'

/** Images waiting to come near the screen, and what shows each. */
const waiting = new WeakMap()
let observer = null

function whenNear(img, show) {
  if (typeof IntersectionObserver !== 'function') {
    show()
    return () => {}
  }
  if (!observer)
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          const shown = waiting.get(entry.target)
          waiting.delete(entry.target)
          observer.unobserve(entry.target)
          if (shown) shown()
        }
      },
      { rootMargin: '300px 0px' }
    )
  waiting.set(img, show)
  observer.observe(img)
  return () => {
    waiting.delete(img)
    observer.unobserve(img)
  }
}

function Image(props, ref) {
  const { className, style, src, mode, onError, onLoad, lazyLoad, imgProps, ...other } = props
  const img = useRef(null)
  const [near, setNear] = useState(!lazyLoad)
  const show = !lazyLoad || near
  useEffect(() => (show || !img.current ? undefined : whenNear(img.current, () => setNear(true))), [show])
  const loaded = useCallback(
    (e) => {
      const el = e.currentTarget
      Object.defineProperty(e, 'detail', {
        enumerable: true,
        writable: true,
        value: { width: el.naturalWidth, height: el.naturalHeight }
      })
      onLoad(e)
    },
    [onLoad]
  )
  const cls = ['taro-img', mode === 'widthFix' && 'taro-img__widthfix', className].filter(Boolean).join(' ')
  return jsx('div', {
    ...other,
    ref,
    className: cls,
    style,
    children: jsx('img', {
      ref: img,
      className: `taro-img__mode-${(mode || 'scaleToFill').toLowerCase().replace(/\s/g, '')}`,
      src: show ? src : undefined,
      'data-src': show ? undefined : src,
      onLoad: onLoad ? loaded : undefined,
      onError,
      ...imgProps
    })
  })
}

export default forwardRef(Image)
