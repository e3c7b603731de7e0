/*
 * The mini-program's minimum base library (src/platform/base-library.ts): 2.21.2, where WeChat's 头像昵称填写 came (编辑资料's
 * `chooseAvatar` button and `nickname` input, R4.46; wx.getWindowInfo and wx.getDeviceInfo came in 2.20.1); a WeChat
 * whose base library is older is asked at launch to update, as WeChat's compatibility guide asks.
 */
import Taro from '@tarojs/taro'
import { MIN_BASE_LIBRARY, checkBaseLibrary, compareVersion } from '@/platform/base-library'

const T = Taro as unknown as Record<string, unknown>
const saved = { getAppBaseInfo: T.getAppBaseInfo, showModal: T.showModal }
afterEach(() => Object.assign(T, saved))

test('the minimum is 2.21.2, compared as WeChat compares versions', () => {
  expect(MIN_BASE_LIBRARY).toBe('2.21.2')
  expect(compareVersion('2.20.1', '2.20.1')).toBe(0)
  expect(compareVersion('2.9.4', '2.20.1')).toBe(-1)
  expect(compareVersion('3.0', '2.20.1')).toBe(1)
  expect(compareVersion('2.20.10', '2.20.9')).toBe(1)
})

test('a base library older than 2.21.2 (or one that does not say) is asked to update WeChat; a newer one is not', () => {
  const showModal = jest.fn(() => Promise.resolve({ confirm: true }))
  T.showModal = showModal
  T.getAppBaseInfo = () => ({ SDKVersion: '3.4.1' })
  expect(checkBaseLibrary()).toBe(true)
  expect(showModal).not.toHaveBeenCalled()
  T.getAppBaseInfo = () => ({ SDKVersion: '2.21.2' })
  expect(checkBaseLibrary()).toBe(true)
  expect(showModal).not.toHaveBeenCalled()
  // 2.21.1 has getWindowInfo but not 头像昵称填写: 编辑资料's avatar button and nickname input would do nothing there
  T.getAppBaseInfo = () => ({ SDKVersion: '2.21.1' })
  expect(checkBaseLibrary()).toBe(false)
  expect(showModal).toHaveBeenCalledTimes(1)
  expect(showModal.mock.calls[0]).toEqual([
    expect.objectContaining({ title: '提示', content: expect.stringContaining('微信版本过低'), showCancel: false })
  ])
  T.getAppBaseInfo = () => {
    throw new Error('getAppBaseInfo is not a function')
  }
  expect(checkBaseLibrary()).toBe(false)
  expect(showModal).toHaveBeenCalledTimes(2)
})
