/*
 * R4.6: a login-gated tap (关注, 预约) made by a visitor who then chooses 去登录 is kept for the login, and done once the
 * login goes back to the page it was made on (the app's journey: e2e/links.e2e.ts, weapp-sim/journeys). Here its
 * rules: once, only for that page, never for the next person on the phone.
 */
import Taro from '@tarojs/taro'
import { clearToken, setToken } from '@/core/token'
import { LoginPrompt } from '@/stores/login-prompt'
import type { SessionDeps } from '@/stores/session'

const ROOM = '/packageA/pages/live/live?roomid=301'

function visitorPrompt() {
  const deps = {
    scene: () => 1001,
    currentUrl: () => ROOM,
    wait: () => Promise.resolve()
  } as unknown as SessionDeps
  return new LoginPrompt({ deps, isLoggedIn: false })
}

beforeEach(() => {
  clearToken()
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
})
afterEach(() => jest.restoreAllMocks())

test('R4.6 the tap is kept when the visitor chooses 去登录, and given back once, for the page it was made on', async () => {
  const prompt = visitorPrompt()
  const follow = jest.fn(async () => '关注成功')
  expect(await prompt.requireLogin(follow)).toBe(false)
  expect(Taro.switchTab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/user/user' }))
  expect(prompt.takeAfterLogin('/packageA/pages/live/live?roomid=302')).toBeNull()
  // asked for another page, it is gone: a login that goes elsewhere does not do it later
  expect(prompt.takeAfterLogin(ROOM)).toBeNull()
  await prompt.requireLogin(follow)
  expect(prompt.takeAfterLogin(ROOM)).toBe(follow)
  expect(prompt.takeAfterLogin(ROOM)).toBeNull()
  expect(follow).not.toHaveBeenCalled()
})

test('R4.6 取消 keeps nothing, and a later prompt without a tap replaces the kept one', async () => {
  const prompt = visitorPrompt()
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
  await prompt.requireLogin(async () => '关注成功')
  expect(prompt.takeAfterLogin(ROOM)).toBeNull()
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  await prompt.requireLogin(async () => '关注成功')
  await prompt.goToLogin()
  expect(prompt.takeAfterLogin(ROOM)).toBeNull()
})

test('R4.3 R4.6 a logout drops the kept tap; a visitor’s own 401 (no token to clear) keeps it', async () => {
  const prompt = visitorPrompt()
  const follow = async () => '关注成功'
  await prompt.requireLogin(follow)
  clearToken() // a 401 answered to the visitor: there was no login to end
  expect(prompt.takeAfterLogin(ROOM)).toBe(follow)

  await prompt.requireLogin(follow)
  setToken('someone-else')
  clearToken() // that login ends: the next person on the phone finds nothing done for them
  expect(prompt.takeAfterLogin(ROOM)).toBeNull()
})
