// Taro's React ScrollView (h5.useHtmlComponents, config/index.ts) draws its <div> from its own props only: the `id`,
// role, aria-* (src/platform/a11y.h5.ts: tab lists, the chat log), tabindex and data-* attributes the app passes
// would be dropped. The H5 build links this wrapper in its place; it hands those attributes to that <div>.
import { forwardRef, useLayoutEffect, useRef } from 'react'
import { jsx } from 'react/jsx-runtime'
// the original, asked for with a query so that config/index.ts's replacement leaves this import alone
import ScrollView from '@tarojs/components-react/dist/components/scroll-view/index.js?original'

const PASSED = /^(id|role|tabindex|tabIndex|title|aria-[a-z]+|data-[\w-]+)$/

export default forwardRef(function ScrollViewWithAttributes(props, ref) {
  const el = useRef(null)
  const attrs = {}
  for (const [k, v] of Object.entries(props))
    if (PASSED.test(k) && v !== undefined && v !== null) attrs[k === 'tabIndex' ? 'tabindex' : k] = String(v)
  const key = JSON.stringify(attrs)
  useLayoutEffect(() => {
    const div = el.current
    if (!div) return undefined
    for (const [k, v] of Object.entries(attrs)) div.setAttribute(k, v)
    return () => {
      for (const k of Object.keys(attrs)) div.removeAttribute(k)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the attributes' content (key), not the object made anew each render
  }, [key])
  useLayoutEffect(() => {
    if (typeof ref === 'function') ref(el.current)
    else if (ref) ref.current = el.current
  })
  return jsx(ScrollView, { ...props, ref: el })
})
