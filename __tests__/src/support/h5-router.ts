/**
 * Taro's real H5 router for page tests: @tarojs/router's createRouter over a browser history under /m2, set up as the
 * H5 build's entry sets it up (taro-loader's h5 entry), with the app's own route list (src/app.config.ts) and
 * aliases (config/routes.ts). Navigation goes through Taro.navigateTo / redirectTo / switchTab as in the app; the
 * router keeps the page stack, parses the location and hands each page its query (Current.router, which
 * useRouter() reads). Pages given in `real` are loaded by the router (their effects run: the preview page hands
 * over to the web view); every other route loads a stub.
 *
 * Taro's runtime runs over jsdom's own document, as in the H5 build (the h5 jest project defines TARO_PLATFORM=web
 * before the runtime loads, __tests__/setup/h5.ts); renderCurrentPage mounts the page on top of the stack into the
 * document with the query the router gave it, where the test reads it as a viewer would.
 */

import React, { type ComponentType } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { createBrowserHistory, createRouter, handleAppMount } from '@tarojs/router'
import appConfig from '@/app.config'
import { h5Aliases } from '../../../config/routes'
import TestUtils from '@tarojs/test-utils-react'
import { waitFor } from './dom'

/** Every page path of the app, package pages under their root, as the H5 build lists them. */
export const APP_PAGES: string[] = [
  ...(appConfig.pages ?? []),
  ...(appConfig.subPackages ?? []).flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))
]

function stub(path: string): ComponentType {
  return function StubPage() {
    const { params } = useRouter()
    return React.createElement('div', {
      className: 'stub-page',
      'data-path': path,
      'data-params': JSON.stringify(params)
    })
  }
}

let started = false

/** Start the router once per test file, on /m2/pages/home/home. */
export function startH5Router(real: Record<string, ComponentType>) {
  if (started) throw new Error('the H5 router starts once per test file')
  started = true
  // Jest repairs (the H5 build has neither problem): pages compiled with the classic JSX runtime find React on
  // window, as Taro's H5 build provides it; the router's CommonJS build reads query-string's ES module without
  // interop, so its default export's functions are copied onto the module object.
  ;(window as unknown as { React: typeof React }).React = React
  const qs = require('query-string') as { parse?: unknown; default?: Record<string, unknown> }
  if (!qs.parse && qs.default) Object.assign(qs, qs.default)

  window.history.replaceState({}, '', '/m2/pages/home/home')
  const config = {
    ...appConfig,
    pages: APP_PAGES,
    router: { mode: 'browser', basename: '/m2', customRoutes: h5Aliases },
    routes: APP_PAGES.map((path) => ({
      path,
      load: (context: unknown, params: unknown) => [real[path] ?? stub(path), context, params]
    }))
  }
  ;(window as unknown as { __taroAppConfig: unknown }).__taroAppConfig = config
  const history = createBrowserHistory({ window })
  handleAppMount(config as never, history)
  createRouter(history, Current.app as never, config as never, React as never)
}

/** The page on top of the stack: its path (without /m2) and the query the router handed it. */
export function currentPage(): { path: string; params: Record<string, string> } {
  const router = Current.router
  const path = (router?.path ?? '').split('?')[0] ?? ''
  return { path: path.replace(/^\/m2(?=\/)/, ''), params: (router?.params ?? {}) as Record<string, string> }
}

/** Waits until the page on top of the stack is `path` (e.g. /packageB/pages/web/web). */
export async function waitForPage(path: string) {
  await waitFor(() => currentPage().path === path)
  return currentPage()
}

let mounted: TestUtils | null = null

/** Mounts `Page` into the document with the query the router handed the page on top of the stack. */
export async function renderCurrentPage(Page: ComponentType): Promise<void> {
  unmountPage()
  mounted = new TestUtils()
  await mounted.mount(Page)
}

export function unmountPage() {
  mounted?.unmout()
  mounted = null
}

/** Back to a one-page stack on home. */
export async function relaunchHome() {
  unmountPage()
  await Taro.reLaunch({ url: '/pages/home/home' })
  await waitForPage('/pages/home/home')
}
