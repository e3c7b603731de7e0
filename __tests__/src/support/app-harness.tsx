/*
 * The app (src/app.tsx) started under jsdom the way the H5 build starts it (Taro's generated entry: createReactApp,
 * a browser history under /m2, handleAppMountWithTabbar, createRouter), with small stand-in pages: the four tab
 * pages render the project's tab bar, and the live page is a plain page. Navigation is Taro's real router, so
 * Taro.navigateTo / switchTab / navigateBack and the browser's back button change pages as in the browser.
 * The test file needs `@jest-environment-options {"url": "http://127.0.0.1/m2/"}`.
 */
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { TabBar } from '@/components/tab-bar'
import { PAGE_PATHS, TAB_PAGES, type PageKey, type TabKey } from '@/router/pages'
import { uiStore } from '@/stores/ui'
import { showToast } from '@/ui/overlay'
import { waitFor } from './dom'
import { configureRequest } from '@/core/request'
import { startFaultServer, type FaultServer } from './fault-server'
import { hostsAt } from './hosts'

const React = require('react')
// react-dom/client plus three react-dom functions, as the H5 build's entry hands ReactDOM over (React 18)
const { findDOMNode, render, unstable_batchedUpdates } = require('react-dom')
const ReactDOM = { ...require('react-dom/client'), findDOMNode, render, unstable_batchedUpdates }
const { createReactApp } = require('@tarojs/plugin-framework-react/dist/runtime')
const { createRouter, createBrowserHistory, handleAppMountWithTabbar } = require('@tarojs/router')

// The router's CommonJS build requires query-string, which is ESM with only a default export (webpack bridges that
// in the build; under jest the named functions are missing).
const queryString = require('query-string')
if (!queryString.parse) Object.assign(queryString, queryString.default)

// jest compiles JSX to React.createElement; @tarojs/test-utils-react puts React on window the same way.
Object.assign(window, { React })

function tabPage(key: TabKey, title: string) {
  return function TabPage() {
    uiStore.setTab(key)
    return (
      <View className={`stub-page stub-page--${key}`}>
        <Text className='stub-page__title'>{title}</Text>
        <TabBar />
      </View>
    )
  }
}

function plainPage(key: PageKey) {
  return function PlainPage() {
    return (
      <View className={`stub-page stub-page--${key}`}>
        <Text className='stub-page__title'>{key}</Text>
      </View>
    )
  }
}

/** The text of the toast the preview page shows as it opens. */
export const OPENING_TOAST = '新页面的提示'

/** A page that shows a toast as it opens (in its first commit, before the router's after-route event). */
function openingToastPage() {
  React.useLayoutEffect(() => {
    void showToast(OPENING_TOAST, { duration: 100000 })
  }, [])
  return (
    <View className='stub-page stub-page--preview'>
      <Text className='stub-page__title'>preview</Text>
    </View>
  )
}

const PAGES: [string, () => JSX.Element][] = [
  [TAB_PAGES.home, tabPage('home', '直播')],
  [TAB_PAGES.streamer, tabPage('streamer', '主播')],
  [TAB_PAGES.media, tabPage('media', '视听')],
  [TAB_PAGES.user, tabPage('user', '我的')],
  [PAGE_PATHS.live.slice(1), plainPage('live')],
  [PAGE_PATHS.playback.slice(1), plainPage('playback')],
  [PAGE_PATHS.preview.slice(1), openingToastPage]
]

/** The path of the page on top of Taro's page stack, without the /m2 base and the query. */
export function topPath(): string {
  const pages = Taro.getCurrentPages() as { path?: string }[]
  return (pages[pages.length - 1]?.path || '').split('?')[0].replace(/^\/m2(?=\/)/, '')
}

/**
 * The app asks the API for the service config (and a stored user) as it launches: a local server answers, so no
 * request is left failing on a closed port (jsdom reports each one on the console). Close it after the file.
 */
export async function startApiServer(): Promise<FaultServer> {
  const server = await startFaultServer()
  configureRequest({ hosts: hostsAt(server.origin) })
  return server
}

/** Starts the app on home; resolves once the home page has shown. */
export async function startApp(): Promise<void> {
  const App = require('@/app').default
  const config = {
    pages: PAGES.map(([p]) => p),
    router: { mode: 'browser', basename: '/m2' },
    tabBar: {
      custom: true,
      color: '#999999',
      selectedColor: '#ff8300',
      list: [
        { pagePath: TAB_PAGES.home, text: '直播' },
        { pagePath: TAB_PAGES.streamer, text: '主播' },
        { pagePath: TAB_PAGES.media, text: '视听' },
        { pagePath: TAB_PAGES.user, text: '我的' }
      ]
    },
    window: {},
    routes: PAGES.map(([path, Page]) => ({
      path,
      load: (context: unknown, params: unknown) => [Promise.resolve({ default: Page }), context, params]
    }))
  }
  ;(window as unknown as { __taroAppConfig: unknown }).__taroAppConfig = config
  const inst = createReactApp(App, React, ReactDOM, config)
  const history = createBrowserHistory({ window })
  handleAppMountWithTabbar(config, history)
  createRouter(history, inst, config, React)
  await waitFor(() => topPath() === `/${TAB_PAGES.home}` && document.querySelector('.stub-page--home'))
}

/** Waits until `path` is the page on top and its page element is shown. */
export async function onPage(path: string): Promise<void> {
  await waitFor(() => topPath() === path)
  // the router sends its after-route event once the page shows (a timer after onShow)
  await new Promise((r) => setTimeout(r, 20))
}
