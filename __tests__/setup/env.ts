// The build injects TARO_APP_* through DefinePlugin; under jest the same defaults come from config/env.ts.
import { appEnv, legalTexts } from '../../config/env'

const values = appEnv(process.env)
for (const [k, v] of Object.entries({ ...values, ...legalTexts(values) })) process.env[k] = v

// jsdom has no IntersectionObserver (Taro's lazy-loading Image and the app's near-viewport sections use it), and no
// layout either: an observer that reports every element it is given as in view, a task later. A test that needs an
// element to stay out of view installs its own (__tests__/src/pages/home-near-viewport.test.tsx).
if (typeof window !== 'undefined' && !('IntersectionObserver' in window)) {
  class AllInView {
    private timers: ReturnType<typeof setTimeout>[] = []
    constructor(private readonly callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void) {}
    observe(target: Element) {
      this.timers.push(setTimeout(() => this.callback([{ target, isIntersecting: true }]), 0))
    }
    unobserve() {}
    disconnect() {
      for (const t of this.timers) clearTimeout(t)
      this.timers = []
    }
    takeRecords() {
      return []
    }
  }
  Object.assign(window, { IntersectionObserver: AllInView })
}

// jsdom has no canvas (without the native `canvas` package) and reports every getContext call as "Not implemented"
// on the console. A browser where canvas is unavailable answers null, which is what callers (FingerprintJS's canvas
// and WebGL sources, players) handle; say so here instead of letting jsdom print an error per call.
if (typeof HTMLCanvasElement !== 'undefined') {
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    writable: true,
    value: () => null
  })
}

// jsdom implements no media playback and reports HTMLMediaElement's load() and pause() as "Not implemented". With
// nothing loaded or playing both have nothing to do, so they do nothing here (the player calls load() when it tears
// down). play() stays jsdom's: a test that reaches it should say what it expects.
if (typeof HTMLMediaElement !== 'undefined') {
  for (const name of ['load', 'pause'] as const) {
    Object.defineProperty(HTMLMediaElement.prototype, name, {
      configurable: true,
      writable: true,
      value: () => undefined
    })
  }
}

// No React DevTools under jest: React's own opt-out, so a test that loads React itself (tests render with Preact)
// neither looks for them nor prints "Download the React DevTools" when a test's user agent names Chrome.
if (typeof window !== 'undefined') {
  Object.assign(globalThis, { __REACT_DEVTOOLS_GLOBAL_HOOK__: { isDisabled: true } })
}
