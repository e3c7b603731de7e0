// Taro's prerender (config/index.ts, mini.prerender) runs the built app at build time in vm2's sandbox, which has no
// Proxy: there MobX keeps its ES5 observables, enough to render a first screen. `PRERENDER` is a global of that
// sandbox alone; in WeChat this does nothing. Imported first by app.tsx, before any store is made.
import { configure } from 'mobx'

declare const PRERENDER: boolean | undefined

if (typeof PRERENDER !== 'undefined') configure({ useProxies: 'never' })
