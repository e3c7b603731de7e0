import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'

/**
 * The page tests' stand-ins for Taro's overlay calls: a modal answers cancelled, a toast and the loading overlay answer
 * at once, and there is no page stack. Restored by `jest.restoreAllMocks()`. The modal and toast spies are returned
 * for tests that read what was shown.
 */
export function stubOverlays() {
  const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  return { modal, toast }
}

/** A tap on `el` inside the mounted page's act; a missing element fails the test. */
export function tapIn(t: TestUtils, el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}
