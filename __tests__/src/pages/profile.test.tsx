/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/pages/user/user"}
 */
/*
 * 编辑资料 on the 我的 page (spec R7.63, R7.107, R8.8, R4.46, R4.47, R5.16) over Taro's H5 components
 * against the reference server. The avatar goes through the request core's upload — Taro's H5 uploadFile over jsdom's
 * XMLHttpRequest, multipart field `file` — to the real /upload (behind a CORS layer: the jsdom page is another
 * origin). jsdom has no file dialog and no blob: URLs, so the picked file (the one dependency set here) is an http URL
 * of a PNG; the browser test picks a file in Chromium's real dialog.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { updateUserInfo, login as userLogin } from '@/api/user'
import { UPLOAD_TIMEOUT, configureRequest } from '@/core/request'
import { getToken, setToken } from '@/core/token'
import UserPage from '@/pages/user/user'
import { setItem } from '@/platform/storage'
import { profileStore } from '@/pages/user/profile-store'
import { CHECKED_GOLD_FRESH_MS, normalizeUser, sessionStore } from '@/stores/session'
import { balanceStore } from '@/stores/balance'
import { USER_INFO_SKIP_KEY, userInfoPrompt } from '@/pages/user/user-info-prompt-store'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy'
import { $, waitFor } from '../support/dom'
import { stubOverlays, tapIn } from '../support/overlays'
import { watchTimeouts } from '../support/timers'
import { FOLLOW_UP_DELAY } from '@/ui/overlay'
import { hostsAt } from '../support/hosts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

const server = useReferenceServer()
let proxy: CorsProxy
let picked: string

beforeAll(async () => {
  setItem('fingerprint', 'fp-profile-page')
  proxy = await startCorsProxy(server.origin)
  configureRequest({ hosts: hostsAt(proxy.origin) })
  picked = proxy.file('/picked/avatar.png', PNG, 'image/png')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => '/pages/user/user',
    platform: () => 'WEB',
    isIOS: () => false,
    scene: () => 0
  })
})
afterAll(async () => {
  await proxy.close()
})

let t: TestUtils
beforeEach(() => {
  stubOverlays()
  // the user picks the PNG in the platform's picker
  profileStore.configure({ pick: async () => ({ path: picked, name: 'avatar.png' }) })
  profileStore.close()
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const tap = (el: HTMLElement | null) => tapIn(t, el)

function type(sel: string, value: string) {
  const input = $(`${sel} input`) as HTMLInputElement
  t.act(() => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

const srcOf = (sel: string) =>
  ($(`${sel} img`) as HTMLImageElement | null)?.getAttribute('src') ?? $(sel)?.getAttribute('src') ?? null

async function serverUser(): Promise<{ name: string; avatar: string }> {
  const r = await fetch(`${server.origin}/api/v1/userapp/userinfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getToken()}` },
    body: '{}'
  })
  return (await r.json()).data
}

async function openEditor() {
  await t.mount(UserPage)
  await waitFor(() => $('.user-menu__edit'))
  tap($('.user-menu__edit'))
  await waitFor(() => $('.profile-editor__name input'))
}

test('R7.63 R7.107 a new nickname and an uploaded avatar: multipart file + version + platform, 600 s; the 我的 header shows both', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const uploadFile = jest.spyOn(Taro, 'uploadFile') // observed, not replaced: the real upload runs
  await openEditor()
  expect(($('.profile-editor__name input') as HTMLInputElement).value).toBe(sessionStore.user.nickName)
  tap($('.profile-editor__avatar'))
  await waitFor(() => /\/files\//.test(srcOf('.profile-editor__avatar-img') || ''))
  const url = srcOf('.profile-editor__avatar-img') as string
  expect(url).toMatch(/\/files\/[0-9a-z]+\.png$/)
  expect(uploadFile).toHaveBeenCalledTimes(1)
  expect(uploadFile.mock.calls[0][0]).toMatchObject({
    name: 'file',
    timeout: UPLOAD_TIMEOUT,
    fileName: 'avatar.png',
    filePath: picked
  })
  expect(UPLOAD_TIMEOUT).toBe(600000)
  const sent = proxy.seen.find((r) => r.method === 'POST' && /\/upload$/.test(r.url))!
  expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
  const form = sent.body.toString('latin1')
  expect(form).toMatch(/name="file"; filename="avatar.png"/)
  expect(form).toMatch(/name="version"\r\n\r\n1\.0\.0/)
  expect(form).toMatch(/name="platform"\r\n\r\nWEB/)
  expect(sent.headers.authorization).toBe(`Bearer ${getToken()}`)
  // the server keeps the very bytes
  expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(PNG)).toBe(true)

  const toasts = () => jest.mocked(Taro.showToast).mock.calls.map(([o]) => o)
  type('.profile-editor__name', '湖边看客')
  // R9.19: 保存成功 shows over the editor, which closes 500 ms after the toast (the notify-toast callback): the wait
  // is read from the timer the page asks for and seen to fire, not measured
  const fired: number[] = []
  const timers = watchTimeouts((event, ms) => event === 'fired' && ms === FOLLOW_UP_DELAY && fired.push(ms))
  tap($('.profile-editor__save'))
  try {
    await waitFor(() => toasts().find((o) => o?.title === '保存成功'))
    expect($('.profile-editor')).not.toBeNull()
    await waitFor(() => !$('.profile-editor'))
  } finally {
    timers.restore()
  }
  expect(fired).toHaveLength(1)
  expect($('.user-head__name')?.textContent).toBe('湖边看客')
  await waitFor(() => srcOf('.user-head__avatar') === url)
  expect(await serverUser()).toMatchObject({ name: '湖边看客', avatar: url })
})

test('R1.4 R9.1 我的 shows the viewer’s 慧币 balance as the server counts it, and its row opens 充值', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  const r = await fetch(`${server.origin}/api/v1/userapp/userinfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getToken()}` },
    body: '{}'
  })
  const gold = ((await r.json()) as { data: { gold: number } }).data.gold
  expect(gold).toBeGreaterThan(0)
  await t.mount(UserPage)
  const row = await waitFor(() => $('.user-menu__gold'))
  await waitFor(() => row.textContent === `我的慧币${gold}›`)
  tap(row)
  expect(navigateTo).toHaveBeenLastCalledWith(
    expect.objectContaining({ url: expect.stringMatching(/\/pages\/deposit\/deposit$/) })
  )
})

test('R1.4 R7.65 the current-user check’s balance stands in for one ask while fresh (CHECKED_GOLD_FRESH_MS); later the balance is asked', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  let now = 1_000_000
  let gold: number | null = null
  sessionStore.configure({ now: () => now })
  const asks = countRequests(/\/userapp\/userinfo$/)
  try {
    await sessionStore.fetchCurrentUser()
    expect(asks.count).toBe(1)
    gold = await balanceStore.loadBalance()
    expect(gold).toBeGreaterThan(0)
    expect(asks.count).toBe(1) // the check's answer
    expect(await balanceStore.loadBalance()).toBe(gold)
    expect(asks.count).toBe(2) // taken once: the next ask goes to the server
    await sessionStore.fetchCurrentUser()
    now += CHECKED_GOLD_FRESH_MS + 1
    expect(await balanceStore.loadBalance()).toBe(gold)
    expect(asks.count).toBe(4) // too old to stand in
  } finally {
    asks.restore()
    sessionStore.configure({ now: () => Date.now() })
  }
  await t.mount(UserPage)
  await waitFor(() => $('.user-menu__gold')?.textContent === `我的慧币${gold}›`)
})

test('R7.63 the nickname is required; a refused save shows the server’s message', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  await openEditor()
  type('.profile-editor__name', '   ')
  tap($('.profile-editor__save'))
  await waitFor(() => $('.profile-editor__error'))
  expect($('.profile-editor__error')?.textContent).toBe('请输入昵称')
  type('.profile-editor__name', '赌博达人')
  tap($('.profile-editor__save'))
  await waitFor(() => /敏感词/.test($('.profile-editor__error')?.textContent || ''))
  expect($('.profile-editor')).not.toBeNull()
})

test('R4.46 R7.63 the user-info prompt of a 微信用户 leads to the editor; saving a nickname ends the prompt', async () => {
  setItem(USER_INFO_SKIP_KEY, 0)
  userInfoPrompt.skippedAt = null
  expect(await loginStore.login(() => userLogin({ code: 'dev', encryptedData: 'x', iv: 'y' }))).toEqual({ ok: true })
  if (sessionStore.user.nickName !== '微信用户')
    sessionStore.setUser(normalizeUser(await updateUserInfo({ name: '微信用户' }))!)
  await t.mount(UserPage)
  // no mobile: the binding modal comes first (R4.47); 暂不绑定, and the prompt shows
  await waitFor(() => $('.user-bind'))
  tap($('.user-bind .user-modal__skip'))
  await waitFor(() => $('.user-info-prompt'))
  tap($('.user-info-prompt__save'))
  await waitFor(() => $('.profile-editor__name input'))
  expect($('.user-info-prompt')).toBeNull()
  expect(($('.profile-editor__name input') as HTMLInputElement).value).toBe('') // not the placeholder
  type('.profile-editor__name', '太湖边的人')
  tap($('.profile-editor__save'))
  await waitFor(() => $('.user-head__name')?.textContent === '太湖边的人')
  expect($('.user-info-prompt')).toBeNull()
})

test('R4.47 R7.62 R5.16 binding a mobile with a wrong code shows the server’s message', async () => {
  expect(await loginStore.login(() => userLogin({ code: 'dev', encryptedData: 'x', iv: 'y' }))).toEqual({ ok: true })
  await t.mount(UserPage) // no mobile: the binding modal opens (R4.47)
  await waitFor(() => $('.user-bind__verify input'))
  type('.user-bind__mobile', '13800000077')
  tap($('.user-form__code-btn'))
  await waitFor(() => /s 后重新获取$/.test($('.user-bind .user-form__code-btn')?.textContent || ''))
  type('.user-bind__verify', '000000')
  tap(Array.from(document.querySelectorAll('.user-form__submit')).find((e) => e.textContent === '绑定') as HTMLElement)
  await waitFor(() => $('.user-bind .user-form__error'))
  expect($('.user-bind .user-form__error')?.textContent).toMatch(/^验证码错误/)
  setToken('')
})

/** An upload host that fails in one way: a text reply, a closed socket, or no answer. */
async function failingUploadHost(mode: 'text' | 'close' | 'hang') {
  const sockets = new Set<Socket>()
  let posted = false
  const s = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin || '*')
    res.setHeader('Access-Control-Allow-Credentials', 'true')
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] || '*')
    if (req.method === 'OPTIONS') return res.end()
    if (req.method === 'GET') return res.end(PNG)
    req.resume()
    req.on('end', () => {
      posted = true
      if (mode === 'text') {
        res.statusCode = 502
        res.end('<html><body>502 Bad Gateway upstream down</body></html>')
      } else if (mode === 'close') req.socket.destroy()
    })
  })
  s.on('connection', (c) => {
    sockets.add(c)
    c.on('close', () => sockets.delete(c))
  })
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`
  return {
    origin,
    posted: () => posted,
    close: () =>
      new Promise<void>((r) => {
        for (const c of sockets) c.destroy()
        s.close(() => r())
      })
  }
}

describe('R8.8 an upload that fails says why', () => {
  beforeEach(async () => {
    expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  })
  afterEach(() => configureRequest({ hosts: hostsAt(proxy.origin) }))

  test('R8.8 an unparseable reply: the raw text', async () => {
    const host = await failingUploadHost('text')
    try {
      await openEditor()
      configureRequest({ hosts: { api: host.origin } })
      profileStore.configure({ pick: async () => ({ path: `${host.origin}/a.png`, name: 'a.png' }) })
      tap($('.profile-editor__avatar'))
      await waitFor(() => $('.profile-editor__error'))
      expect($('.profile-editor__error')?.textContent).toBe(
        '上传失败：<html><body>502 Bad Gateway upstream down</body></html>'
      )
    } finally {
      await host.close()
    }
  })

  test('R8.8 a network error', async () => {
    const host = await failingUploadHost('close')
    try {
      await openEditor()
      configureRequest({ hosts: { api: host.origin } })
      profileStore.configure({ pick: async () => ({ path: `${host.origin}/a.png`, name: 'a.png' }) })
      // jsdom reports the XMLHttpRequest's dropped connection on the console (as a browser's devtools would): expected
      const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined)
      tap($('.profile-editor__avatar'))
      await waitFor(() => $('.profile-editor__error'))
      expect($('.profile-editor__error')?.textContent).toBe('网络异常，上传失败')
      expect(host.posted()).toBe(true)
      await waitFor(() => reported.mock.calls.length > 0)
      expect(reported.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining('socket hang up')])
    } finally {
      await host.close()
    }
  })

  test('R8.8 R7.107 no answer: a timeout after 600 s, not before', async () => {
    const host = await failingUploadHost('hang')
    try {
      await openEditor()
      configureRequest({ hosts: { api: host.origin } })
      profileStore.configure({ pick: async () => ({ path: `${host.origin}/a.png`, name: 'a.png' }) })
      const realTimeout = globalThis.setTimeout
      const realWait = () => new Promise((r) => realTimeout(r, 5))
      jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame'] })
      tap($('.profile-editor__avatar'))
      for (let i = 0; i < 2000 && !host.posted(); i++) await realWait()
      expect(host.posted()).toBe(true)
      expect($('.profile-editor__avatar-tip')?.textContent).toBe('上传中…')
      jest.advanceTimersByTime(UPLOAD_TIMEOUT - 1000)
      for (let i = 0; i < 20; i++) await realWait()
      expect($('.profile-editor__error')).toBeNull()
      jest.advanceTimersByTime(1000)
      for (let i = 0; i < 200 && !$('.profile-editor__error'); i++) await realWait()
      expect($('.profile-editor__error')?.textContent).toBe('上传超时，请稍后重试')
    } finally {
      jest.useRealTimers()
      await host.close()
    }
  })
})
