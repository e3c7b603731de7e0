/**
 * @jest-environment ./__tests__/src/support/h5-runtime-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/pages/home/home?from=share&tokentype=wechat&token=T-secret-1&code=C-2&sign=S-3#top"}
 */
/*
 * R2.26 on H5: the app (src/app.tsx) starts on an address that carries a startup login (the messenger's OAuth round
 * trip and host apps come back with tokentype + token) and other login secrets. The secrets leave the address before
 * Taro's router reads it (the page's params never hold them), the history entry is replaced rather than added, the
 * viewer is logged in with the token, and the share payload built from the address carries none of them.
 */
import Taro from '@tarojs/taro'
import { sessionStore } from '@/stores/session'
import { shareData } from '@/stores/jssdk.h5'
import { signatureUrl } from '@/platform/jssdk'
import { waitFor } from '../support/dom'
import { startApiServer, startApp } from '../support/app-harness'
import type { FaultServer } from '../support/fault-server'

let api: FaultServer
const historyLength = window.history.length

beforeAll(async () => {
  api = await startApiServer()
  api.answers.set('/api/v1/userapp/login', {
    code: 1,
    msg: 'success',
    data: {
      access_token: 'A-session-9',
      token_type: 'Bearer',
      expires_in: 3600,
      user: { id: 10009, name: '微信用户', mobile: '13800000009' }
    }
  })
  await startApp()
})
afterAll(() => api.close())

test('R2.26 R7.56 the startup login leaves the address before the router reads it; the viewer is logged in with it', async () => {
  expect(window.location.pathname).toBe('/m2/pages/home/home')
  expect(window.location.search).toBe('?from=share')
  expect(window.location.hash).toBe('#top')
  expect(window.history.length).toBe(historyLength)
  // Taro's router took the page's params from the cleaned address
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  expect(params.from).toBe('share')
  for (const k of ['token', 'tokentype', 'code', 'sign']) expect(params).not.toHaveProperty(k)
  // and the session logged in with the token taken from it
  await waitFor(() => sessionStore.isLoggedIn)
  const login = api.seen.find((r) => r.url.startsWith('/api/v1/userapp/login'))
  expect(JSON.parse(login!.body)).toMatchObject({ tokentype: 'wechat', token: 'T-secret-1' })
})

test('R3.54 R1.24 a share payload made from the address or a page path carries no login secret', () => {
  expect(shareData(null, signatureUrl()).link).toBe('http://127.0.0.1/m2/pages/home/home?from=share')
  const page = shareData(
    { title: '直播间', path: '/packageA/pages/live/live?roomid=496&token=x&TokenType=y&sign=z' },
    ''
  )
  expect(page.link).toMatch(/\/m2\/packageA\/pages\/live\/live\?roomid=496$/)
})
