/**
 * @jest-environment ./__tests__/src/support/h5-runtime-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * The dialog helpers in the mini-program (the weapp project resolves src/ui/modal.ts): WeChat's wx.showModal and
 * wx.showToast check nothing, so the project's checks are the only ones, and its modal is the project's own layer,
 * drawn by the app (src/app.tsx) inside the page that opened it. The app runs over a real router (app-harness.tsx);
 * what reaches wx.showToast / wx.showLoading is observed on Taro, which Taro's weapp runtime binds to wx.
 */
import Taro from '@tarojs/taro'
import { hideAllOverlays, navToast, shareToast, showLoading, showModal, showToast } from '@/ui/overlay'
import { $, $$, waitFor } from '../support/dom'
import { startApiServer, startApp } from '../support/app-harness'
import type { FaultServer } from '../support/fault-server'

let api: FaultServer
beforeAll(async () => {
  api = await startApiServer()
  await startApp()
})
afterAll(() => api.close())
afterEach(() => {
  hideAllOverlays()
  jest.restoreAllMocks()
})

const modalEl = () => $('.ui-modal')
const buttons = () => $$('.ui-modal .ui-modal__btn')

function topPageRoot(): HTMLElement {
  const pages = Taro.getCurrentPages() as { $taroPath?: string }[]
  return document.getElementById(pages[pages.length - 1].$taroPath || '') as HTMLElement
}

test('R8.21 R9.18 mini-program: the project draws the modal in the page with 取消 in black and 确定 in green', async () => {
  const nativeModal = jest.spyOn(Taro, 'showModal')
  const shown = showModal({ title: '提示', content: '确定退出登录吗？' })
  await waitFor(() => modalEl())
  expect(topPageRoot().contains(modalEl())).toBe(true)
  expect($('.ui-modal__title')?.textContent).toBe('提示')
  expect($('.ui-modal__content')?.textContent).toBe('确定退出登录吗？')
  const [cancel, confirm] = buttons()
  expect([cancel.textContent, confirm.textContent]).toEqual(['取消', '确定'])
  expect(cancel.style.color).toBe('rgb(0, 0, 0)')
  expect(confirm.style.color).toBe('rgb(60, 197, 31)')
  expect(nativeModal).not.toHaveBeenCalled()
  confirm.click()
  await expect(shown).resolves.toEqual({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  await waitFor(() => !modalEl())

  const again = showModal({ content: '仅确定', showCancel: false, confirmText: '知道了' })
  await waitFor(() => modalEl())
  expect(buttons().map((b) => b.textContent)).toEqual(['知道了'])
  expect($('.ui-modal__title')).toBeNull()
  buttons()[0].click()
  await expect(again).resolves.toMatchObject({ confirm: true })
})

test('mini-program: tapping 取消 resolves as cancelled; a second modal closes the first as cancelled', async () => {
  const first = showModal({ title: '一', content: '第一个' })
  await waitFor(() => modalEl())
  const second = showModal({ title: '二', content: '第二个', confirmText: '去充值' })
  await expect(first).resolves.toMatchObject({ confirm: false, cancel: true })
  await waitFor(() => $('.ui-modal__content')?.textContent === '第二个')
  expect($$('.ui-modal')).toHaveLength(1)
  buttons()[0].click()
  await expect(second).resolves.toEqual({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
})

test('R5.19 R5.20 R1.25 R8.18 mini-program: invalid modal parameters reject with the parameter error and draw nothing', async () => {
  const nativeModal = jest.spyOn(Taro, 'showModal')
  await expect(showModal({ title: 3 } as never)).rejects.toMatchObject({
    errMsg: 'showModal:fail parameter error: parameter.title should be String instead of Number (3)'
  })
  await expect(showModal({ content: undefined, confirmColor: null } as never)).rejects.toMatchObject({
    errMsg: 'showModal:fail parameter error: parameter.confirmColor should be String instead of Null (null)'
  })
  await expect(showModal({ content: 'c', cancelText: '不要不要不' })).rejects.toMatchObject({
    errMsg:
      'showModal:fail parameter error: parameter.cancelText length should not be larger than 4 Chinese characters ("不要不要不")'
  })
  await expect(showModal({ content: 'c', cancelColor: '#000' })).rejects.toMatchObject({
    errMsg:
      'showModal:fail parameter error: parameter.cancelColor should be a 6-digit hex colour with # instead of "#000"'
  })
  await new Promise((r) => setTimeout(r, 50))
  expect(modalEl()).toBeNull()
  expect(nativeModal).not.toHaveBeenCalled()
})

test('R5.21 R8.18 mini-program: a toast needs a string title and a number duration; wx is not called otherwise', async () => {
  const wxToast = jest.spyOn(Taro, 'showToast')
  const wxLoading = jest.spyOn(Taro, 'showLoading')
  await expect(showToast(['x'] as never)).rejects.toMatchObject({
    errMsg: 'showToast:fail parameter error: parameter.title should be String instead of Array (["x"])'
  })
  await expect(showToast('ok', { duration: null as never })).rejects.toMatchObject({
    errMsg: 'showToast:fail parameter error: parameter.duration should be Number instead of Null (null)'
  })
  await expect(showLoading(undefined as never)).resolves.toMatchObject({ errMsg: 'showLoading:ok' }) // undefined: the default
  await expect(showLoading(0 as never)).rejects.toMatchObject({
    errMsg: 'showLoading:fail parameter error: parameter.title should be String instead of Number (0)'
  })
  expect(wxToast).not.toHaveBeenCalled()
  expect(wxLoading).toHaveBeenCalledTimes(1)
})

test('R8.21 R9.17 mini-program: wx gets 加载中, the generic 1500 ms toast, the navigation 2000 ms toast with no icon and the 3 s share toast', async () => {
  const wxToast = jest.spyOn(Taro, 'showToast')
  const wxLoading = jest.spyOn(Taro, 'showLoading')
  await showLoading()
  expect(wxLoading).toHaveBeenLastCalledWith({ title: '加载中', mask: true })
  await showToast('已保存')
  expect(wxToast).toHaveBeenLastCalledWith({ title: '已保存', icon: 'none', duration: 1500 })
  await navToast('无法打开该小程序')
  expect(wxToast).toHaveBeenLastCalledWith({ title: '无法打开该小程序', icon: 'none', duration: 2000 })
  await shareToast('海报已生成')
  expect(wxToast).toHaveBeenLastCalledWith({ title: '海报已生成', icon: 'none', duration: 3000 })
})
