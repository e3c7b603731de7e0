/**
 * Renders a hook as a component calls it (preact, as both builds ship), so a test drives it through its effects and
 * re-renders: `host.current` is what the hook returned at the last render; `rerender` renders again with new props.
 */
import { render } from 'preact'
import { act } from 'preact/test-utils'

/** act() for a callback that does its work at once (its state updates and effects flushed before it returns). */
export function run(fn: () => void): void {
  void act(fn)
}

export interface HookHost<P, R> {
  readonly current: R
  rerender: (props: P) => void
  unmount: () => void
}

export function renderHook<P, R>(hook: (props: P) => R, props: P): HookHost<P, R> {
  const root = document.createElement('div')
  document.body.appendChild(root)
  let result: R
  function Host(p: { props: P }) {
    result = hook(p.props)
    return null
  }
  run(() => render(<Host props={props} />, root))
  return {
    get current() {
      return result
    },
    rerender: (next: P) => run(() => render(<Host props={next} />, root)),
    unmount: () => {
      run(() => render(null, root))
      root.remove()
    }
  }
}
