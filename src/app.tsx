// first: the mini-program's build-time pre-render needs MobX set up before any store exists (src/platform/prerender.ts)
import '@/platform/prerender'
// before the app's own styles (src/platform/component-styles.h5.ts)
import '@/platform/component-styles'
import type { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { NotFound } from '@/components/not-found'
import { GlobalMiniPlayer } from '@/components/mini-player/global'
import { silenceConsole } from '@/platform/console'
import { checkBaseLibrary } from '@/platform/base-library'
import { installKeyActivation } from '@/platform/keyboard'
import { takeStartupLogin } from '@/platform/address'
import { uiStore } from '@/stores/ui'
import { OverlayLayer } from '@/ui/overlay-layer'
import { launchLater } from './launch-later'
import './app.scss'

// H5: the startup login's token leaves the address before Taro's router, analytics or a share payload reads it
// (R2.26); the mini-program's launch query arrives through useLaunch below.
const startupLogin = takeStartupLogin()

// H5: Enter and Space press the tappable views that carry a role (docs/accessibility.md).
installKeyActivation()

// A route that resolves clears the 404 screen.
Taro.eventCenter.on('__taroRouterChange', () => {
  if (uiStore.notFoundPath) uiStore.setNotFound(null)
})

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    const query = (options?.query || {}) as Record<string, string>
    if (process.env.NODE_ENV === 'production') silenceConsole(query)
    // mini-program: a WeChat too old for what the app uses is asked to update (src/platform/base-library.ts)
    checkBaseLibrary()
    // login state, analytics, the launch query and the messenger's share menu (src/launch.ts)
    launchLater(startupLogin ? { ...query, ...startupLogin } : query, options?.path || '')
  })
  // Unknown route: the page-not-found hook shows the 404 screen (spec R2.41).
  usePageNotFound((res) => {
    uiStore.setNotFound(res.path)
  })
  return (
    <>
      {children}
      <NotFound />
      <GlobalMiniPlayer />
      <OverlayLayer />
    </>
  )
}

export default App
