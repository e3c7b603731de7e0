/** @jest-environment-options {"url": "http://127.0.0.1/m2/"} */
/*
 * The 我的 page rendered with @tarojs/test-utils-react over Taro's H5 components, talking to a real HTTP server
 * through the real request core. Typing goes into the <input> inside taro-input-core, as a browser would.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import UserPage from '@/pages/user/user'
import { configureRequest } from '@/core/request'
import { getToken, setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { DEMO_MOBILE, DEMO_PASSWORD, startContractServer, type ContractServer } from '../support/contract-server'
import { waitFor, $ } from '../support/dom'
import { watchTimeouts } from '../support/timers'
import { FOLLOW_UP_DELAY } from '@/ui/overlay'
import { hostsAt } from '../support/hosts'

let server: ContractServer
const reload = jest.fn()
beforeAll(async () => {
  server = await startContractServer()
  configureRequest({ hosts: hostsAt(server.origin) })
  setItem('fingerprint', 'fp-page')
  sessionStore.configure({ reload, currentUrl: () => '/pages/user/user', wait: () => Promise.resolve() })
})
afterAll(() => server.close())
let t: TestUtils
beforeEach(() => {
  setToken('')
  sessionStore.configure({ scene: () => 0 })
  // no router in jsdom: the page stack is empty
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const text = () => document.body.textContent || ''

function type(sel: string, value: string) {
  const input = $(`${sel} input`) as HTMLInputElement
  t.act(() => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function tap(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}

/** Ticks the 用户协议 / 隐私政策 box: no login is sent before it. */
function agree() {
  tap($('.user-consent__box'))
  expect($('.user-consent__box')?.getAttribute('aria-checked')).toBe('true')
}

function byText(sel: string, label: string): HTMLElement | null {
  return (
    Array.from(document.querySelectorAll<HTMLElement>(sel)).find((e) => (e.textContent || '').trim() === label) || null
  )
}

test('R3.6 R2.5 a visitor sees the anonymous header and the login form', async () => {
  await t.mount(UserPage)
  await waitFor(() => $('.user-form'))
  expect(text()).toMatch(/游客\d{6}/)
  expect(text()).toContain('密码登录')
  expect(text()).toContain('验证码登录')
  expect($('.user-mp-login')).toBeNull() // H5 outside the messenger: no mini-program login
})

test('R5.14 R5.1 the form asks for mobile and password, then for a valid mobile', async () => {
  await t.mount(UserPage)
  await waitFor(() => $('.user-form__submit'))
  agree()
  tap($('.user-form__submit'))
  await waitFor(() => $('.user-form__error'))
  expect($('.user-form__error')?.textContent).toBe('请输入手机号和密码')
  type('.user-form__mobile', '12345')
  type('.user-form__password', 'x')
  tap($('.user-form__submit'))
  await waitFor(() => $('.user-form__error')?.textContent === '请输入正确的手机号')
})

test('R1.13 R4.2 R8.15 R5.2 password login shows 登录中 and then the profile with the masked mobile and the entries', async () => {
  const loading = jest.spyOn(Taro, 'showLoading')
  const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  await t.mount(UserPage)
  await waitFor(() => $('.user-form__mobile input'))
  agree()
  type('.user-form__mobile', DEMO_MOBILE)
  type('.user-form__password', DEMO_PASSWORD)
  tap($('.user-form__submit'))
  await waitFor(() => $('.user-profile'))
  expect(loading).toHaveBeenCalledWith(expect.objectContaining({ title: '登录中' }))
  expect(getToken()).not.toBe('')
  expect($('.user-head__name')?.textContent).toBe('演示用户')
  expect($('.user-head__mobile')?.textContent).toBe('138****0001')
  // each entry named as the page it opens names itself (送礼记录, list-types.ts)
  for (const label of ['充值记录', '送礼记录', '我的关注', '退出登录']) expect(text()).toContain(label)
  tap(byText('.user-menu__item', '充值记录›'))
  expect(navigateTo).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/list/list?type=deposit' }))
  tap(byText('.user-menu__item', '送礼记录›'))
  expect(navigateTo).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/list/list?type=gift' }))
  tap(byText('.user-menu__item', '我的关注›'))
  expect(navigateTo).toHaveBeenLastCalledWith(
    expect.objectContaining({ url: '/packageA/pages/streamer/follow/follow' })
  )
})

test('R4.3 logout asks, calls the server, clears the session and reloads', async () => {
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  await loginStore.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)
  await t.mount(UserPage)
  await waitFor(() => $('.user-logout'))
  reload.mockClear()
  tap($('.user-logout'))
  await waitFor(() => reload.mock.calls.length > 0)
  expect(server.calls.at(-1)?.path).toBe('/api/v1/userapp/logout')
  expect(getToken()).toBe('')
  await waitFor(() => $('.user-form'))
})

test('R1.12 R7.61 R9.9 SMS login: the code button starts the 60 s countdown, the code logs in', async () => {
  await t.mount(UserPage)
  await waitFor(() => $('.user-form'))
  tap(byText('.user-form__tab', '验证码登录'))
  await waitFor(() => $('.user-form__verify'))
  agree()
  type('.user-form__mobile', DEMO_MOBILE)
  tap($('.user-form__code-btn'))
  await waitFor(() => $('.user-form__code-btn')?.textContent === '60s 后重新获取')
  expect(server.calls.at(-1)).toMatchObject({ path: '/api/v1/liveapp/sendsms', body: { mobile: DEMO_MOBILE, type: 1 } })
  type('.user-form__verify', server.smsCode)
  tap($('.user-form__submit'))
  await waitFor(() => $('.user-profile'))
})

test('R4.47 R4.46 a user without a mobile gets the binding modal; after binding, the nickname prompt', async () => {
  server.tokens.set('wx-page', 10002)
  await loginStore.loginWithStartupToken('app', 'wx-page')
  await t.mount(UserPage)
  await waitFor(() => $('.user-bind'))
  expect($('.user-head__mobile')?.textContent).toBe('未绑定手机号')
  type('.user-bind__mobile', '13800000009')
  type('.user-bind__verify', server.smsCode)
  tap(byText('.user-form__submit', '绑定'))
  await waitFor(() => !$('.user-bind'))
  expect($('.user-head__mobile')?.textContent).toBe('138****0009')
  // still named 微信用户: the profile prompt shows, and skipping hides it (R9.23)
  await waitFor(() => $('.user-info-prompt'))
  tap($('.user-info-prompt__skip'))
  await waitFor(() => !$('.user-info-prompt'))
  server.users.get(10002)!.mobile = null
})

test('R4.47 R7.62 绑定 tapped twice before the server answered binds once, with one 绑定成功', async () => {
  const toast = jest.spyOn(Taro, 'showToast')
  server.tokens.set('wx-page-twice', 10002)
  await loginStore.loginWithStartupToken('app', 'wx-page-twice')
  await t.mount(UserPage)
  await waitFor(() => $('.user-bind'))
  type('.user-bind__mobile', '13800000009')
  type('.user-bind__verify', server.smsCode)
  const binds = () => server.calls.filter((c) => c.path === '/api/v1/userapp/userinfo/mobile').length
  const before = binds()
  // a double tap: the modal closes only once the first is answered (a real server takes the code once, and its
  // answer to the second was 验证码错误或已失效 right after 绑定成功)
  tap(byText('.user-form__submit', '绑定'))
  tap(byText('.user-form__submit', '绑定'))
  await waitFor(() => !$('.user-bind'))
  await new Promise((r) => setTimeout(r, 50))
  expect(binds()).toBe(before + 1)
  expect(toast.mock.calls.filter(([o]) => o?.title === '绑定成功')).toHaveLength(1)
  server.users.get(10002)!.mobile = null
})

test('R9.19 R8.15 a failed login: 登录中 hides, and the failure toast follows 500 ms later (never over the loading)', async () => {
  const events: { what: string; title?: string }[] = []
  const realHide = Taro.hideLoading
  const realToast = Taro.showToast
  jest.spyOn(Taro, 'hideLoading').mockImplementation((o?: Parameters<typeof Taro.hideLoading>[0]) => {
    events.push({ what: 'hideLoading' })
    return realHide(o)
  })
  jest.spyOn(Taro, 'showToast').mockImplementation((o: Parameters<typeof Taro.showToast>[0]) => {
    events.push({ what: 'showToast', title: o?.title })
    return realToast(o)
  })
  // the follow-up's wait, read from the timers the page asks for (not measured with the wall clock)
  const timers = watchTimeouts((event, ms) => ms === FOLLOW_UP_DELAY && events.push({ what: `timer ${event}` }))
  await t.mount(UserPage)
  await waitFor(() => $('.user-form__mobile input'))
  agree()
  type('.user-form__mobile', DEMO_MOBILE)
  type('.user-form__password', 'wrong-password')
  tap($('.user-form__submit'))
  await waitFor(() => events.some((e) => e.what === 'showToast'))
  const hid = events.find((e) => e.what === 'hideLoading')
  const toast = events.find((e) => e.what === 'showToast')
  expect(hid).toBeDefined()
  expect(toast!.title).toBe('手机号或密码错误')
  // the form shows the same failure
  await waitFor(() => $('.user-form__error'))
  expect($('.user-form__error')?.textContent).toBe(toast!.title)
  timers.restore()
  // hidden, then a 500 ms timer, and the toast only once it fired
  const order = events.map((e) => e.what)
  const hidAt = order.indexOf('hideLoading')
  const firedAt = order.indexOf('timer fired', hidAt)
  expect(order.indexOf('timer set', hidAt)).toBeGreaterThan(hidAt)
  expect(firedAt).toBeGreaterThan(hidAt)
  expect(order.indexOf('showToast')).toBeGreaterThan(firedAt)
  expect(getToken()).toBe('')
})

test('R7.61 R9.9 R5.16 获取验证码: a refused request starts no countdown; a sent code counts down 60 s, with no second code meanwhile', async () => {
  await t.mount(UserPage)
  await waitFor(() => byText('.user-form__tab', '验证码登录'))
  tap(byText('.user-form__tab', '验证码登录'))
  await waitFor(() => $('.user-form__code-btn'))
  agree()
  const sent = () => server.calls.filter((c) => c.path === '/api/v1/liveapp/sendsms').length
  type('.user-form__mobile', '13900000000') // the contract server refuses this one
  tap($('.user-form__code-btn'))
  await waitFor(() => $('.user-form__error')?.textContent === '发送太频繁，请稍后再试')
  expect($('.user-form__code-btn')?.textContent).toBe('获取验证码')
  const before = sent()
  type('.user-form__mobile', DEMO_MOBILE)
  tap($('.user-form__code-btn'))
  await waitFor(() => /^\d+s 后重新获取$/.test($('.user-form__code-btn')?.textContent || ''))
  expect(['60s 后重新获取', '59s 后重新获取']).toContain($('.user-form__code-btn')?.textContent)
  expect(server.calls.filter((c) => c.path === '/api/v1/liveapp/sendsms').at(-1)?.body).toMatchObject({
    mobile: DEMO_MOBILE,
    type: 1
  })
  tap($('.user-form__code-btn'))
  await new Promise((r) => setTimeout(r, 50))
  expect(sent()).toBe(before + 1)
})

test('R7.61 获取验证码: the 60 s count down by the clock, so a viewer back from reading the SMS elsewhere finds the seconds that passed gone', async () => {
  await t.mount(UserPage)
  await waitFor(() => byText('.user-form__tab', '验证码登录'))
  tap(byText('.user-form__tab', '验证码登录'))
  await waitFor(() => $('.user-form__code-btn'))
  agree()
  type('.user-form__mobile', DEMO_MOBILE)
  tap($('.user-form__code-btn'))
  await waitFor(() => /^\d+s 后重新获取$/.test($('.user-form__code-btn')?.textContent || ''))
  // the viewer reads the code in the SMS app for 45 s: the page's timers did not run meanwhile (a mini-program in the
  // background, a hidden tab); the clock moved on
  const real = Date.now.bind(Date)
  const shown = $('.user-form__code-btn')?.textContent
  jest.spyOn(Date, 'now').mockImplementation(() => real() + 45_000)
  // the next tick shows what is left by the clock, not one second less than before
  await waitFor(() => $('.user-form__code-btn')?.textContent !== shown)
  expect(['15s 后重新获取', '14s 后重新获取']).toContain($('.user-form__code-btn')?.textContent)
  jest.spyOn(Date, 'now').mockImplementation(() => real() + 61_000)
  await waitFor(() => $('.user-form__code-btn')?.textContent === '获取验证码')
})

test('R7.61 R9.9 获取验证码 tapped twice before the server answered asks for one code and counts down', async () => {
  const toast = jest.spyOn(Taro, 'showToast')
  await t.mount(UserPage)
  await waitFor(() => byText('.user-form__tab', '验证码登录'))
  tap(byText('.user-form__tab', '验证码登录'))
  await waitFor(() => $('.user-form__code-btn'))
  agree()
  const sent = () => server.calls.filter((c) => c.path === '/api/v1/liveapp/sendsms').length
  const before = sent()
  type('.user-form__mobile', DEMO_MOBILE)
  // a double tap: the countdown that would stop the second starts only once the first is answered
  tap($('.user-form__code-btn'))
  tap($('.user-form__code-btn'))
  await waitFor(() => /^\d+s 后重新获取$/.test($('.user-form__code-btn')?.textContent || ''))
  await new Promise((r) => setTimeout(r, 50))
  // one SMS: a second would replace the code the first brought (the viewer types the first one they read)
  expect(sent()).toBe(before + 1)
  expect(toast.mock.calls.filter(([o]) => o?.title === '验证码已发送')).toHaveLength(1)
  expect($('.user-form__error')).toBeNull()
})

test('login consent: the 用户协议 / 隐私政策 box is unticked and named; 登录 and 获取验证码 before ticking send nothing and say 请先阅读并同意用户协议和隐私政策', async () => {
  const toast = jest.spyOn(Taro, 'showToast')
  await t.mount(UserPage)
  await waitFor(() => $('.user-form__mobile input'))
  const box = $('.user-consent__box')!
  expect(box.getAttribute('role')).toBe('checkbox')
  expect(box.getAttribute('aria-checked')).toBe('false')
  expect(box.getAttribute('aria-label')).toBe('我已阅读并同意《用户协议》和《隐私政策》')
  expect(box.getAttribute('tabindex')).toBe('0')
  const before = server.calls.length
  type('.user-form__mobile', DEMO_MOBILE)
  type('.user-form__password', DEMO_PASSWORD)
  tap($('.user-form__submit'))
  await waitFor(() => $('.user-form__error'))
  expect($('.user-form__error')?.textContent).toBe('请先阅读并同意用户协议和隐私政策')
  // under the form, not in a toast over the box it asks for
  expect(toast).not.toHaveBeenCalled()
  tap(byText('.user-form__tab', '验证码登录'))
  await waitFor(() => $('.user-form__code-btn'))
  tap($('.user-form__code-btn'))
  await new Promise((r) => setTimeout(r, 50))
  expect($('.user-form__code-btn')?.textContent).toBe('获取验证码')
  const asked = () =>
    server.calls.slice(before).filter((c) => c.path === '/api/v1/userapp/login' || c.path === '/api/v1/liveapp/sendsms')
  expect(asked()).toEqual([]) // neither the login nor the code was asked for
  expect(getToken()).toBe('')
  // ticking it clears the message; then the code and the login go
  agree()
  expect($('.user-form__error')).toBeNull()
  tap($('.user-form__code-btn'))
  await waitFor(() => $('.user-form__code-btn')?.textContent !== '获取验证码')
  type('.user-form__verify', server.smsCode)
  tap($('.user-form__submit'))
  await waitFor(() => $('.user-profile'))
  expect(asked().map((c) => c.path)).toEqual(['/api/v1/liveapp/sendsms', '/api/v1/userapp/login'])
})

test('login consent: 《用户协议》 and 《隐私政策》 open the legal page with their document; the text beside the box ticks it', async () => {
  const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  await t.mount(UserPage)
  await waitFor(() => $('.user-consent'))
  const links = Array.from(document.querySelectorAll<HTMLElement>('.user-consent__link'))
  expect(links.map((l) => [l.textContent, l.getAttribute('role')])).toEqual([
    ['《用户协议》', 'link'],
    ['《隐私政策》', 'link']
  ])
  tap(links[0])
  expect(navigateTo).toHaveBeenLastCalledWith(
    expect.objectContaining({ url: '/packageB/pages/legal/legal?doc=agreement' })
  )
  tap(links[1])
  expect(navigateTo).toHaveBeenLastCalledWith(
    expect.objectContaining({ url: '/packageB/pages/legal/legal?doc=privacy' })
  )
  expect($('.user-consent__box')?.getAttribute('aria-checked')).toBe('false') // a link does not tick the box
  tap(byText('.user-consent__text span, .user-consent__text taro-text-core', '我已阅读并同意'))
  expect($('.user-consent__box')?.getAttribute('aria-checked')).toBe('true')
})
