import type { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { NotFound } from '@/components/not-found'
import { silenceConsole } from '@/platform/console'
import { runStartup } from '@/router/startup-run'
import { uiStore } from '@/stores/ui'
import './app.scss'

// A route that resolves clears the 404 screen.
Taro.eventCenter.on('__taroRouterChange', () => {
  if (uiStore.notFoundPath) uiStore.setNotFound(null)
})

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    const query = (options?.query || {}) as Record<string, string>
    if (process.env.NODE_ENV === 'production') silenceConsole(query)
    runStartup(query, options?.path || '').catch(() => undefined)
  })
  // Unknown route: the page-not-found hook shows the 404 screen (spec R2.41).
  usePageNotFound((res) => {
    uiStore.setNotFound(res.path)
  })
  return (
    <>
      {children}
      <NotFound />
    </>
  )
}

export default App
