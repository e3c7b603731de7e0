/**
 * Counts renders for tests, which render with Preact (as both builds do), through Preact's public `options.diffed`
 * hook (preact's index.d.ts: "invoked after a vnode has rendered"): the vnodes `match` picks are counted each time
 * they are rendered. A component's root element is rendered once per render of the component, and not when the
 * component is skipped (a memo or observer with nothing new), so picking a component's root element counts that
 * component's renders.
 */
import { options, type VNode } from 'preact'

export function countRenders(match: (vnode: VNode) => boolean) {
  let count = 0
  const previous = options.diffed
  const hook = (vnode: VNode) => {
    if (match(vnode)) count++
    previous?.(vnode)
  }
  options.diffed = hook
  return {
    get count() {
      return count
    },
    reset() {
      count = 0
    },
    stop() {
      if (options.diffed === hook) options.diffed = previous
    }
  }
}
