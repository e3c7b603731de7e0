/**
 * React's <Profiler> for tests, which render with Preact (as both builds do) and Preact has none: `onRender` is
 * called after every commit that rendered something inside it, its first mount included. Preact reports each commit
 * through `options._commit` (`__c` in its published build, the hook preact/debug and the devtools use) with the vnode
 * the render started from; the commit counts when this profiler is among that vnode's ancestors (`_parent`, `__`).
 */
import { Component, type ReactNode } from 'react' // preact/compat's Component under jest (jest.config.js)
import { options } from 'preact'

interface InternalVNode {
  __?: InternalVNode | null // _parent
  __c?: unknown // _component
}

const watched = new WeakMap<object, () => void>()
const hooks = options as unknown as { __c?: (root: InternalVNode, queue: unknown[]) => void }
const previous = hooks.__c
hooks.__c = (root, queue) => {
  for (let v: InternalVNode | null | undefined = root; v; v = v.__) {
    const onRender = v.__c ? watched.get(v.__c) : undefined
    if (onRender) onRender()
  }
  previous?.(root, queue)
}

export class Profiler extends Component<{ id: string; onRender: () => void; children?: ReactNode }> {
  componentWillUnmount() {
    watched.delete(this)
  }
  render() {
    watched.set(this, this.props.onRender)
    return this.props.children
  }
}
