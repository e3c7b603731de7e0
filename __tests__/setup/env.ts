// The build injects TARO_APP_* through DefinePlugin; under jest the same defaults come from config/env.ts.
import { appEnv } from '../../config/env'

const values = appEnv(process.env)
for (const [k, v] of Object.entries(values)) process.env[k] = v

// jsdom has no IntersectionObserver (Taro's lazy-loading Image uses it): an observer that never fires, as for images
// that stay off screen.
if (typeof window !== 'undefined' && !('IntersectionObserver' in window)) {
  class NoIntersection {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  Object.assign(window, { IntersectionObserver: NoIntersection })
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
