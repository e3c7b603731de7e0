/**
 * @jest-environment ./__tests__/src/support/h5-runtime-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * R4.49 on H5: the app (src/app.tsx) runs over Taro's real H5 router (app-harness.tsx); overlays are put up through
 * the project's helpers and the page changes through openPage, a tap on the tab bar, Taro.navigateBack and the
 * browser's back button. Taro's H5 modal is hidden by Taro on a route change but its promise would never settle;
 * the project closes it as a cancel.
 */
import Taro from '@tarojs/taro'
import { PAGE_PATHS, TAB_PAGES } from '@/router/pages'
import { openPage } from '@/router/navigate'
import { hideAllOverlays, showLoading, showModal, showToast } from '@/ui/overlay'
import { $, waitFor } from '../support/dom'
import { OPENING_TOAST, onPage, startApiServer, startApp, topPath } from '../support/app-harness'
import type { FaultServer } from '../support/fault-server'

let api: FaultServer
beforeAll(async () => {
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

const shown = (sel: string) => {
  const el = $(sel)
  return !!el && el.style.display !== 'none' && el.style.opacity !== '0'
}
const toastShown = () => shown('.taro__toast')
const modalShown = () => shown('.taro__modal')
const toastText = () => $('.taro__toast')?.textContent || ''

/** A modal plus a toast (or the loading overlay: the two share one slot, in WeChat as in Taro). */
async function putUp(kind: 'toast' | 'loading') {
  const modal = showModal({ title: '提示', content: '确定离开吗？' })
  if (kind === 'toast') await showToast('提示一下', { duration: 100000 })
  else await showLoading()
  await waitFor(() => modalShown() && toastShown())
  expect(toastText()).toContain(kind === 'toast' ? '提示一下' : '加载中')
  return { modal } // wrapped: an async function returning the promise itself would wait for it
}

async function expectAllGone(modal: Promise<unknown>) {
  await expect(modal).resolves.toMatchObject({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
  await waitFor(() => !toastShown() && !modalShown())
}

test('R4.49 openPage: the toast and the modal are hidden; the modal resolves as cancelled', async () => {
  const { modal } = await putUp('toast')
  await openPage('live', { roomid: 1 })
  await onPage(PAGE_PATHS.live)
  await expectAllGone(modal)
})

test('R4.49 Taro.navigateBack: the loading overlay and the modal are hidden', async () => {
  await openPage('live', { roomid: 1 }) // a page to go back from
  await onPage(PAGE_PATHS.live)
  const { modal } = await putUp('loading')
  await Taro.navigateBack()
  await onPage(`/${TAB_PAGES.home}`)
  await expectAllGone(modal)
})

test('R4.49 a tap on the tab bar: the toast, the loading overlay and the modal are hidden', async () => {
  for (const [kind, tab, path] of [
    ['toast', 'user', TAB_PAGES.user],
    ['loading', 'home', TAB_PAGES.home]
  ] as const) {
    const { modal } = await putUp(kind)
    ;($(`.stub-page--${kind === 'toast' ? 'home' : 'user'} [data-tab="${tab}"]`) as HTMLElement).click()
    await onPage(`/${path}`)
    await expectAllGone(modal)
  }
})

test("R4.49 the browser's back button hides them too", async () => {
  await openPage('playback', { id: 2 })
  await onPage(PAGE_PATHS.playback)
  const { modal } = await putUp('toast')
  window.history.back()
  await onPage(`/${TAB_PAGES.home}`)
  await expectAllGone(modal)
})

test('R4.49 what the new page shows as it opens stays up', async () => {
  await openPage('preview', { id: 3 })
  await onPage(PAGE_PATHS.preview)
  await new Promise((r) => setTimeout(r, 200))
  expect(toastShown()).toBe(true)
  expect(toastText()).toContain(OPENING_TOAST)
})
