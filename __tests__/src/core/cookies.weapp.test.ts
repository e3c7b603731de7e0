/*
 * R4.10 on the mini-program target (weapp jest project: `@/platform/cookies`, `@/platform/current` and
 * `@/platform/origin` resolve to the mini-program files), which has no cookie jar: the request core itself must save
 * the Set-Cookie values and replay them as a Cookie header. The project's environment uses Node's fetch (see
 * node-fetch-environment.js): no jar, Set-Cookie visible, Cookie header sent as given, what wx.request does.
 * Taro.request itself is not mocked.
 */
import { clearCookies, cookieHeader, savedCookies } from '@/core/cookies'
import { parseSetCookie } from '@/utils/cookies'
import { configureRequest, post, urlOf } from '@/core/request'
import { responseCookies, requestCredentials } from '@/platform/cookies'
import { setItem } from '@/platform/storage'
import { startFaultServer, type FaultServer } from '../support/fault-server'
import { hostsAt } from '../support/hosts'

let s: FaultServer
beforeAll(async () => {
  s = await startFaultServer()
  configureRequest({ hosts: hostsAt(s.origin) })
  setItem('fingerprint', 'fp-weapp')
})
afterAll(() => s.close())

type Echo = { headers: Record<string, string>; body: string }

test('R4.10 mini-program: Set-Cookie id, sign and openid are saved and replayed as the Cookie header', async () => {
  clearCookies()
  const first = await post<Echo>('/echo')
  expect(first.data.headers.cookie ?? '').toBe('')
  await post('/login')
  expect(savedCookies()).toEqual({ id: '7', sign: 'abc123', openid: 'o_dev_1' })
  const next = await post<Echo>('/echo')
  // no jar: this header can only come from the saved values
  expect(next.data.headers.cookie).toBe('id=7; sign=abc123; openid=o_dev_1')
})

test('R3.1 R1.15 the mini-program build reports platform WEAPP and sends no browser credentials', async () => {
  expect(requestCredentials).toBeUndefined()
  const r = await post<Echo>('/echo')
  expect(JSON.parse(r.data.body).platform).toBe('WEAPP')
})

test('R7.6 mini-program: protocol-relative URLs take https', () => {
  expect(urlOf('//cdn.example/a.json')).toBe('https://cdn.example/a.json')
})

test('R4.10 the WeChat cookies array and joined Set-Cookie headers are both read', () => {
  expect(
    responseCookies({
      header: { 'Set-Cookie': 'id=9; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT, sign=s9; Path=/' },
      cookies: ['headimgurl=http%3A%2F%2Fimg; Path=/', 'wxdata_zhuge_cuid=c1']
    })
  ).toEqual({ id: '9', sign: 's9', headimgurl: 'http%3A%2F%2Fimg', wxdata_zhuge_cuid: 'c1' })
})

test('R4.10 a cookie deleted by the server (Max-Age=0 or past Expires) is forgotten', () => {
  const found = parseSetCookie(['id=; Path=/; Max-Age=0', 'sign=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'])
  expect(found).toEqual({ id: '', sign: '' })
  expect(cookieHeader({ id: '1', sign: 's', headimgurl: 'h', wxdata_zhuge_cuid: 'c', openid: 'o' })).toBe(
    'id=1; sign=s; openid=o; headimgurl=h; wxdata_zhuge_cuid=c'
  )
})
