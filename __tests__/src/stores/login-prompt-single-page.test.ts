/*
 * R4.7: in Moments' single-page mode (scene 1154) WeChat allows no login and no route to another page, so the login
 * prompt of a login-gated action neither asks nor opens 我的: a toast gives the single-page tip.
 */
import Taro from '@tarojs/taro'
import { SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/platform/single-page'
import { LoginPrompt } from '@/stores/login-prompt'
import type { SessionDeps } from '@/stores/session'

function prompt(scene: number) {
  const deps = { scene: () => scene, currentUrl: () => '/packageB/pages/album/album?id=1' } as unknown as SessionDeps
  return new LoginPrompt({ deps, isLoggedIn: false })
}

afterEach(() => jest.restoreAllMocks())

test('R4.7 R4.6 in single-page mode the login prompt shows the tip and never opens the modal or switches to 我的', async () => {
  const modal = jest
    .spyOn(Taro, 'showModal')
    .mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
  const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  await prompt(SINGLE_PAGE_SCENE).promptLogin()
  expect(modal).not.toHaveBeenCalled()
  expect(switchTab).not.toHaveBeenCalled()
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: SINGLE_PAGE_TIP }))
  // outside that mode the prompt asks, and 去登录 opens 我的
  await prompt(1001).promptLogin()
  expect(modal).toHaveBeenCalledTimes(1)
  expect(switchTab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/user/user' }))
})
