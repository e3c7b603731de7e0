// Taro's React View (h5.useHtmlComponents, config/index.ts) keeps its class in state and copies `className` into it in
// an effect, which runs after the browser has painted: for a frame after every change the <div> showed the new
// children under the old class (a loading state's class on an error's text), and every View on a page ran one effect
// as it mounted. The H5 build links this View in its place: the class is worked out as it renders. `hoverClass` and
// `onLongPress` work as in Taro's (the hover class on after `hoverStartTime`, off `hoverStayTime` after the touch ends;
// the long press at 350 ms).
import { forwardRef, useEffect, useRef, useState } from 'react'
import { jsx } from 'react/jsx-runtime'

const LONG_PRESS_MS = 350

function View(props, ref) {
  const {
    className,
    hoverClass,
    onTouchStart,
    onTouchEnd,
    onTouchMove,
    hoverStartTime = 50,
    hoverStayTime = 400,
    ...other
  } = props
  const [hover, setHover] = useState(false)
  const timers = useRef({ hover: 0, press: 0, touching: false })
  useEffect(
    () => () => {
      clearTimeout(timers.current.hover)
      clearTimeout(timers.current.press)
    },
    []
  )
  const cls = [className, hover && hoverClass].filter(Boolean).join(' ') || undefined
  return jsx('div', {
    ref,
    className: cls,
    onTouchStart(e) {
      const t = timers.current
      t.touching = true
      if (hoverClass) {
        clearTimeout(t.hover)
        t.hover = setTimeout(() => t.touching && setHover(true), hoverStartTime)
      }
      if (other.onLongPress) t.press = setTimeout(() => other.onLongPress(), LONG_PRESS_MS)
      if (onTouchStart) onTouchStart(e)
    },
    onTouchMove(e) {
      clearTimeout(timers.current.press)
      if (onTouchMove) onTouchMove(e)
    },
    onTouchEnd(e) {
      const t = timers.current
      t.touching = false
      clearTimeout(t.press)
      if (hoverClass) {
        clearTimeout(t.hover)
        t.hover = setTimeout(() => !t.touching && setHover(false), hoverStayTime)
      }
      if (onTouchEnd) onTouchEnd(e)
    },
    ...other
  })
}

export default forwardRef(View)
