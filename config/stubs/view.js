// Taro's React View (h5.useHtmlComponents, config/index.ts) keeps its class in state and copies `className` into it in
// an effect, which runs after the browser has painted: for a frame after every change the <div> showed the new
// children under the old class (a loading state's class on an error's text), and every View on a page ran one effect
// as it mounted. It also gave every <div> three touch listeners of its own (for `hoverClass` and `onLongPress`), a
// hundred Views on home 330 `addEventListener` calls as they mounted: in Lighthouse's traced load they were about
// half of the render tasks that counted as blocking (docs/performance.md). The H5 build links this View in its place:
// the class is worked out as it renders, and a View is a plain <div> with the listeners the app gave it, no hook and
// no listener of its own, unless it asks for `hoverClass` or `onLongPress`. Those work as in Taro's (the hover class on
// after `hoverStartTime`, off `hoverStayTime` after the touch ends; the long press at 350 ms), through `PressableView`;
// a View that starts or stops asking for them is mounted again as the other kind.
import { forwardRef, useEffect, useRef, useState } from 'react'
import { jsx } from 'react/jsx-runtime'

const LONG_PRESS_MS = 350

function PressableView(props) {
  const {
    className,
    hoverClass,
    onLongPress,
    onTouchStart,
    onTouchEnd,
    onTouchMove,
    hoverStartTime = 50,
    hoverStayTime = 400,
    forwardedRef,
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
    ref: forwardedRef,
    className: cls,
    onTouchStart(e) {
      const t = timers.current
      t.touching = true
      if (hoverClass) {
        clearTimeout(t.hover)
        t.hover = setTimeout(() => t.touching && setHover(true), hoverStartTime)
      }
      if (onLongPress) t.press = setTimeout(() => onLongPress(), LONG_PRESS_MS)
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

function View(props, ref) {
  if (props.hoverClass || props.onLongPress) return jsx(PressableView, { ...props, forwardedRef: ref })
  // (Taro's props that a plain <div> has no use for are left out)
  const {
    className,
    hoverClass: _hover,
    onLongPress: _press,
    hoverStartTime: _in,
    hoverStayTime: _out,
    ...other
  } = props
  return jsx('div', { ...other, ref, className: className || undefined })
}

export default forwardRef(View)
