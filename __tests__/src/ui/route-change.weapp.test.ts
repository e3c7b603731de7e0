/**
 * @jest-environment ./__tests__/src/support/h5-runtime-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * R4.49 in the mini-program (the weapp project resolves src/ui/modal.ts and src/platform/route-change.ts): the app
 * runs over a real router (app-harness.tsx: Taro's H5 router under jsdom performs the routes) and the project must
 * hide the overlays itself. WeChat's part is a stand-in: wx.onAppRoute, bound into Taro as Taro's weapp runtime
 * binds wx, calls its listeners once a route's page has shown; here it does so on the router's after-route event.
 * Taro H5's own hide-on-route listener is removed first, since in the mini-program nothing else hides overlays,
 * and the modal is the project's own layer drawn in the page (WeChat's native modal cannot be closed by code).
 */
import Taro from '@tarojs/taro'
import { PAGE_PATHS, TAB_PAGES } from '@/router/pages'
import { openPage } from '@/router/navigate'
import { hideAllOverlays, showLoading, showModal, showToast } from '@/ui/overlay'
import { $, waitFor } from '../support/dom'
import { OPENING_TOAST, onPage, startApiServer, startApp, topPath } from '../support/app-harness'
import type { FaultServer } from '../support/fault-server'

const AFTER_ROUTE = '__afterTaroRouterChange'
const appRoute = new Set<() => void>()

let api: FaultServer

beforeAll(async () => {
  Taro.eventCenter.off(AFTER_ROUTE)
  Taro.eventCenter.on(AFTER_ROUTE, () => appRoute.forEach((listener) => listener()))
  Object.assign(Taro, {
    onAppRoute: (listener: () => void) => appRoute.add(listener),
    offAppRoute: (listener: () => void) => appRoute.delete(listener)
  })
  api = await startApiServer()
  await startApp()
})
afterAll(() => api.close())

// Every test starts on home with nothing shown, whichever test ran before it.
beforeEach(async () => {
  hideAllOverlays()
  if (topPath() !== `/${TAB_PAGES.home}`) {
    await Taro.switchTab({ url: `/${TAB_PAGES.home}` })
    await onPage(`/${TAB_PAGES.home}`)
  }
})

const toastShown = () => {
  const el = $('.taro__toast')
  return !!el && el.style.display !== 'none' && el.style.opacity !== '0'
}
const toastText = () => $('.taro__toast')?.textContent || ''
const modalEl = () => $('.ui-modal')

function topPageRoot(): HTMLElement {
  const pages = Taro.getCurrentPages() as { $taroPath?: string }[]
  return document.getElementById(pages[pages.length - 1].$taroPath || '') as HTMLElement
}

async function putUp(kind: 'toast' | 'loading') {
  const modal = showModal({ title: '提示', content: '确定离开吗？' })
  if (kind === 'toast') await showToast('提示一下', { duration: 100000 })
  else await showLoading()
  await waitFor(() => modalEl() && toastShown())
  // the project's modal is drawn inside the page that opened it
  expect(topPageRoot().contains(modalEl())).toBe(true)
  expect(modalEl()?.textContent).toContain('确定离开吗？')
  expect(toastText()).toContain(kind === 'toast' ? '提示一下' : '加载中')
  return { modal }
}

async function expectAllGone(modal: Promise<unknown>) {
  await expect(modal).resolves.toMatchObject({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
  await waitFor(() => !toastShown() && !modalEl())
}

test('R4.49 mini-program: wx.onAppRoute is the signal (one listener, from the app)', () => {
  expect(appRoute.size).toBe(1)
})

test('R4.49 mini-program openPage: the toast and the modal are hidden; the modal resolves as cancelled', async () => {
  const { modal } = await putUp('toast')
  await openPage('live', { roomid: 1 })
  await onPage(PAGE_PATHS.live)
  await expectAllGone(modal)
})

test('R4.49 mini-program navigateBack (the system back button does the same): loading and modal are hidden', async () => {
  await openPage('live', { roomid: 1 }) // a page to go back from
  await onPage(PAGE_PATHS.live)
  const { modal } = await putUp('loading')
  await Taro.navigateBack()
  await onPage(`/${TAB_PAGES.home}`)
  await expectAllGone(modal)
})

test('R4.49 mini-program tab bar: the toast, the loading overlay and the modal are hidden', async () => {
  for (const [kind, from, tab, path] of [
    ['toast', 'home', 'media', TAB_PAGES.media],
    ['loading', 'media', 'home', TAB_PAGES.home]
  ] as const) {
    const { modal } = await putUp(kind)
    ;($(`.stub-page--${from} [data-tab="${tab}"]`) as HTMLElement).click()
    await onPage(`/${path}`)
    await expectAllGone(modal)
  }
})

test('R4.49 mini-program: what the new page shows as it opens stays up', async () => {
  await openPage('preview', { id: 3 })
  await onPage(PAGE_PATHS.preview)
  await new Promise((r) => setTimeout(r, 200))
  expect(toastShown()).toBe(true)
  expect(toastText()).toContain(OPENING_TOAST)
})
