/*
 * R2.26 in the mini-program (weapp jest project), against the reference server: the launch query's tokentype + token
 * (the mini-program has no address; a share or a host app puts them in the query that useLaunch hands to startup)
 * follow the same rule as on H5. Logged in as A with B's token: the 切换账号？ modal (WeChat's own before the first
 * page is drawn) names both accounts, 保持当前 keeps A, 切换 logs in as B; A's own token refreshes quietly. Only the
 * viewer's tap on the modal is stood in for.
 */
import Taro from '@tarojs/taro'
import { fetchUserInfo } from '@/api/user'
import { clearCookies } from '@/core/cookies'
import { getToken, setToken } from '@/core/token'
import { removeItem, setItem } from '@/platform/storage'
import { runStartup } from '@/router/startup-run'
import { USER_KEY } from '@/stores/session'
import { sessionParts, type SessionParts } from '../support/session-parts'
import { useReferenceServer } from '../support/reference-server'
import { ACCOUNT_A, tokenOfA, tokenOfWechatUser } from '../support/startup-tokens'

useReferenceServer()

let parts: SessionParts | null = null
let modal: jest.SpyInstance

beforeAll(() => setItem('fingerprint', 'fp-startup-switch-mp'))
beforeEach(() => {
  setToken('')
  removeItem(USER_KEY)
  clearCookies()
  modal = jest.spyOn(Taro, 'showModal').mockRejectedValue(new Error('showModal:fail no modal expected'))
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
})
afterEach(() => {
  parts?.dispose()
  parts = null
  jest.restoreAllMocks()
})

async function loggedInAsA(): Promise<SessionParts> {
  parts = sessionParts({ currentUrl: () => '/pages/home/home', reload: jest.fn(), wait: () => Promise.resolve() })
  parts.login.register()
  await expect(parts.login.loginWithPassword(ACCOUNT_A.mobile, ACCOUNT_A.password)).resolves.toEqual({ ok: true })
  return parts
}

/** A launch whose query carries the token (useLaunch's options.query). */
const launchWith = (token: string) => runStartup({ tokentype: 'app', token }, 'pages/home/home')

test('R2.26 R7.51 mini-program: logged in as A, a launch with B’s token asks 切换账号？ naming both; 保持当前 keeps A', async () => {
  const store = await loggedInAsA()
  const tokenA = getToken()
  const b = await tokenOfWechatUser('startup-switch-mp-keep')
  modal.mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
  await launchWith(b.token)
  expect(modal).toHaveBeenCalledTimes(1)
  expect(modal.mock.calls[0][0]).toMatchObject({
    title: '切换账号？',
    content: `当前登录：${ACCOUNT_A.name}（ID ${ACCOUNT_A.id}），链接中的账号：微信用户（ID ${b.user.id}）。是否切换到链接中的账号？`,
    confirmText: '切换',
    cancelText: '保持当前'
  })
  expect(store.session.user.id).toBe(ACCOUNT_A.id)
  expect(getToken()).toBe(tokenA)
  expect(Number((await fetchUserInfo()).id)).toBe(ACCOUNT_A.id)
})

test('R2.26 R7.56 mini-program: logged in as A, a launch with B’s token: 切换 logs in as B', async () => {
  const store = await loggedInAsA()
  const b = await tokenOfWechatUser('startup-switch-mp-confirm')
  modal.mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  await launchWith(b.token)
  expect(modal).toHaveBeenCalledTimes(1)
  expect(store.session.user.id).toBe(b.user.id)
  expect(Number((await fetchUserInfo()).id)).toBe(b.user.id)
})

test('R2.26 mini-program: a launch with A’s own token refreshes the login without a modal', async () => {
  const store = await loggedInAsA()
  const before = getToken()
  const own = await tokenOfA()
  await launchWith(own.token)
  expect(modal).not.toHaveBeenCalled()
  expect(store.session.user.id).toBe(ACCOUNT_A.id)
  expect(getToken()).not.toBe(before)
})
