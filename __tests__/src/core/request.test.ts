/** @jest-environment-options {"url": "http://127.0.0.1/m2/"} */
/*
 * The request core against a real HTTP server (no mock of Taro.request). Taro's H5 request calls `fetch`; jsdom has
 * none, but taro-h5 imports the whatwg-fetch polyfill, which runs over jsdom's XMLHttpRequest: real sockets, CORS,
 * a cookie jar and the browser's forbidden-header rules — the H5 target as a browser runs it. The page sits at
 * http://127.0.0.1/m2/ so cookies set by the test server (127.0.0.1, another port = another origin) are the page's.
 */
import {
  ApiError,
  FORBIDDEN_MESSAGE,
  NOT_FOUND_MESSAGE,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  UNAUTHORIZED_MESSAGE
} from '@/utils/errors'
import {
  DEFAULT_TIMEOUT,
  UPLOAD_TIMEOUT,
  configureRequest,
  get,
  isSuccess,
  post,
  postData,
  request,
  upload,
  urlOf
} from '@/core/request'
import { dataOf, settle } from '@/core/call'
import { successRuleOf } from '../../../contract/codes'
import { getToken, setLoginPrompt, setToken } from '@/core/token'
import { savedCookies } from '@/core/cookies'
import { env } from '@/env'
import { getItem, setItem } from '@/platform/storage'
import { refusedPort, startFaultServer, type FaultServer } from '../support/fault-server'
import { watchTimeouts } from '../support/timers'
import { hostsAt } from '../support/hosts'

let s: FaultServer

beforeAll(async () => {
  s = await startFaultServer()
  configureRequest({ hosts: hostsAt(s.origin) })
})
afterAll(() => s.close())
beforeEach(() => {
  setItem('fingerprint', 'fp-fixed-for-tests')
  setToken('')
  // jsdom reports every failed XMLHttpRequest (refused port, closed socket) on the console; the failures are the
  // point of those tests, so keep the output quiet.
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

type Echo = { method: string; url: string; headers: Record<string, string>; body: string }

describe('R9.3 every HTTP status has a defined outcome', () => {
  test.each([200, 201, 202])('R9.3 %i resolves the envelope as sent', async (status) => {
    const r = await post<{ status: number }>(`/status/${status}`)
    expect(r).toEqual({ code: 1, msg: `ok ${status}`, data: { status } })
  })

  test('R9.3 202 with an empty body resolves a success envelope with data null', async () => {
    await expect(post('/empty202')).resolves.toEqual({ code: 1, msg: '', data: null })
  })

  test('R9.3 400 resolves {code: -100} with the server message', async () => {
    await expect(post('/status/400')).resolves.toEqual({ code: -100, msg: '服务器消息 400', data: null })
  })

  test('R8.4 R4.5 401 clears the token and rejects an auth ApiError with code 401 and 需要身份验证', async () => {
    setToken('tok-live')
    const prompt = jest.fn()
    setLoginPrompt(prompt)
    const err = await post('/status/401').catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ kind: 'auth', code: 401, msg: UNAUTHORIZED_MESSAGE, errMsg: 'request:fail 401' })
    expect(UNAUTHORIZED_MESSAGE).toBe('需要身份验证')
    expect(getToken()).toBe('')
    expect(prompt).not.toHaveBeenCalled()
    setLoginPrompt(null)
  })

  test('R8.4 R6.2 a 401 on a login-gated call (follow, subscribe, vote, quiz, lottery result) opens the login prompt', async () => {
    setToken('tok-live')
    const prompt = jest.fn()
    setLoginPrompt(prompt)
    await expect(post('/status/401', {}, { loginPrompt: true })).rejects.toMatchObject({ kind: 'auth', code: 401 })
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(getToken()).toBe('')
    setLoginPrompt(null)
  })

  test('R8.3 R4.5 403 clears the token and rejects with 没有权限访问', async () => {
    setToken('tok-live')
    await expect(post('/status/403')).rejects.toMatchObject({ kind: 'auth', code: 403, msg: FORBIDDEN_MESSAGE })
    expect(FORBIDDEN_MESSAGE).toBe('没有权限访问')
    expect(getToken()).toBe('')
  })

  test('R8.4 a 401 to a call sent before a login that completed while it was on its way leaves the new session and opens no prompt', async () => {
    const prompt = jest.fn()
    setLoginPrompt(prompt)
    // a visitor's call, sent without a token; the login's token is stored before its answer comes
    const answered = post('/status/401', {}, { loginPrompt: true })
    setToken('tok-just-logged-in')
    await expect(answered).rejects.toMatchObject({ kind: 'auth', code: 401 })
    expect(getToken()).toBe('tok-just-logged-in')
    expect(prompt).not.toHaveBeenCalled()
    // the same for a 403, and for a session's token replaced by another login
    setToken('tok-old')
    const refused = post('/status/403')
    setToken('tok-new')
    await expect(refused).rejects.toMatchObject({ kind: 'auth', code: 403 })
    expect(getToken()).toBe('tok-new')
    setLoginPrompt(null)
  })

  test('R2.26 R7.51 a call made with another token (bearer) sends it, and its 401 / 403 leave the stored token', async () => {
    setToken('tok-live')
    const prompt = jest.fn()
    setLoginPrompt(prompt)
    const r = await post<Echo>('/echo', {}, { bearer: 'tok-from-a-link' })
    expect(r.data.headers.authorization).toBe('Bearer tok-from-a-link')
    await expect(post('/status/401', {}, { bearer: 'tok-from-a-link', loginPrompt: true })).rejects.toMatchObject({
      kind: 'auth',
      code: 401
    })
    await expect(post('/status/403', {}, { bearer: 'tok-from-a-link' })).rejects.toMatchObject({
      kind: 'auth',
      code: 403
    })
    expect(getToken()).toBe('tok-live')
    expect(prompt).not.toHaveBeenCalled()
    setLoginPrompt(null)
  })

  test('R8.1 404 rejects with 请求的资源不存在 and keeps the token', async () => {
    setToken('tok-live')
    await expect(post('/status/404')).rejects.toMatchObject({ kind: 'not_found', code: 404, msg: NOT_FOUND_MESSAGE })
    expect(NOT_FOUND_MESSAGE).toBe('请求的资源不存在')
    expect(getToken()).toBe('tok-live')
  })

  test.each([500, 502])('R8.2 %i resolves {code: -101, msg: server message}', async (status) => {
    await expect(post(`/status/${status}`)).resolves.toEqual({ code: -101, msg: `服务器消息 ${status}`, data: null })
  })

  test('R8.2 a 500 whose body is a page, not the API’s answer, gives 服务器开小差了,请稍后再试 (not the page’s English)', async () => {
    await expect(post('/text500')).resolves.toEqual({ code: -101, msg: SERVER_ERROR_MESSAGE, data: null })
    expect(SERVER_ERROR_MESSAGE).toBe('服务器开小差了,请稍后再试')
  })

  test.each([503, 504])('R9.3 R8.5 %i resolves {code: -100} with the server message', async (status) => {
    await expect(post(`/status/${status}`)).resolves.toEqual({ code: -100, msg: `服务器消息 ${status}`, data: null })
  })
})

describe('network failures', () => {
  test('R8.6 R7.7 a server that never answers rejects with 网络链接超时,请稍后再试！ after the timeout', async () => {
    // the timeout is the request's own 300 ms timer, read from the timer it asked for (not measured)
    const timers = watchTimeouts()
    const err = await post('/hang', {}, { timeout: 300 })
      .catch((e) => e)
      .finally(() => timers.restore())
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      kind: 'timeout',
      code: 0,
      msg: '网络链接超时,请稍后再试！',
      errMsg: 'request:fail timeout'
    })
    expect(TIMEOUT_MESSAGE).toBe('网络链接超时,请稍后再试！')
    expect(timers.asked).toContain(300)
  })

  test('R7.7 R9.11 the default timeout is 60000 ms', () => {
    expect(DEFAULT_TIMEOUT).toBe(60000)
    expect(UPLOAD_TIMEOUT).toBe(600000)
  })

  test('R8.5 R8.19 a refused port resolves {code: -100, msg: request:fail <reason>}', async () => {
    const port = await refusedPort()
    configureRequest({ hosts: { api: `http://127.0.0.1:${port}` } })
    try {
      const r = await post('/anything')
      expect(r.code).toBe(-100)
      expect(r.msg).toMatch(/^request:fail \S/)
      expect(r.data).toBeNull()
    } finally {
      configureRequest({ hosts: { api: s.origin } })
    }
  })

  test('R8.5 a socket closed without an answer resolves {code: -100}', async () => {
    const r = await post('/close')
    expect(r.code).toBe(-100)
    expect(r.msg).toMatch(/^request:fail /)
  })

  test('R8.5 R8.19 malformed JSON on 200 resolves {code: -100, msg: request:fail invalid JSON}', async () => {
    await expect(post('/malformed')).resolves.toEqual({ code: -100, msg: 'request:fail invalid JSON', data: null })
  })
})

describe('R7.1 R9.2 success rules', () => {
  test('R9.2 code 1 is success by default; other codes are not', () => {
    expect(isSuccess({ code: 1 })).toBe(true)
    expect(isSuccess({ code: '1' })).toBe(true)
    expect(isSuccess({ code: 2 })).toBe(false)
    expect(isSuccess({ code: 0 })).toBe(false)
    expect(isSuccess(null)).toBe(false)
  })

  test('R7.1 a call can treat code above 0 as success, and popularity code 0', () => {
    expect(isSuccess({ code: 2 }, 'positive')).toBe(true)
    expect(isSuccess({ code: 0 }, 'positive')).toBe(false)
    expect(isSuccess({ code: -101 }, 'positive')).toBe(false)
    expect(isSuccess({ code: 0 }, 'zero')).toBe(true)
    expect(isSuccess({ code: 1 }, 'zero')).toBe(false)
  })

  test('R7.1 a call gives its data under its rule (code 2 with positive, code 0 for popularity)', async () => {
    await expect(dataOf(post('/code2'), 'positive')).resolves.toEqual({ isfollow: 0 })
    await expect(dataOf(post('/code0'), 'zero')).resolves.toEqual({ popularity: 12 })
  })

  test("R7.1 R7.44 R7.46 the rule is the contract's, by the call's path: follow above 0, popularity 0, others 1", () => {
    expect(successRuleOf('/userapp/follow')).toBe('positive')
    expect(successRuleOf('/api/v1/userapp/follow')).toBe('positive')
    expect(successRuleOf('/rank-page/host-statistics')).toBe('zero')
    expect(successRuleOf('/userapp/isfollow')).toBe('one')
    expect(successRuleOf('/puzzle/result?act_id=1')).toBe('one')
  })

  test('R8.9 a code other than success rejects ApiError with code, msg and data', async () => {
    const err = await postData('/fail').catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 1001, msg: '业务失败', data: { reason: 'x' }, errMsg: 'request:fail 业务失败' })
    await expect(postData('/code0')).rejects.toMatchObject({ code: 0, msg: 'popularity' })
  })

  test('R8.9 a 500 seen through postData rejects with code -101', async () => {
    await expect(postData('/status/500')).rejects.toMatchObject({ code: -101, msg: '服务器消息 500' })
  })

  test('R8.17 settle() turns any failure into an ApiError of its kind without throwing', async () => {
    const failed = await settle(postData('/fail'))
    expect(failed.ok).toBe(false)
    expect(failed.data ?? []).toEqual([])
    expect((await settle(postData('/status/404'))).error).toMatchObject({ kind: 'not_found', code: 404 })
    await expect(settle(postData<{ status: number }>('/status/200'))).resolves.toEqual({
      ok: true,
      data: { status: 200 }
    })
  })
})

describe('R7.1 R3.1 R6.3 what every call carries', () => {
  test('R7.1 R3.1 POST by default, with version and platform added to the JSON payload', async () => {
    const r = await post<Echo>('/echo', { roomid: 5 })
    expect(r.data.method).toBe('POST')
    expect(JSON.parse(r.data.body)).toEqual({ roomid: 5, version: env.TARO_APP_VERSION, platform: 'WEB' })
  })

  test('R7.1 R3.1 GET puts the payload, version and platform in the query, keeping the path query', async () => {
    const r = await get<Echo>('/live/api_mapp.php?a=slides', { count: 3 })
    expect(r.data.method).toBe('GET')
    const url = new URL(r.data.url, s.origin)
    expect(url.pathname).toBe('/live/api_mapp.php')
    expect(url.searchParams.get('a')).toBe('slides')
    expect(url.searchParams.get('count')).toBe('3')
    expect(url.searchParams.get('version')).toBe(env.TARO_APP_VERSION)
    expect(url.searchParams.get('platform')).toBe('WEB')
  })

  test('R7.1 R6.3 R4.9 headers: content-type, Authorization with the access token, Fingerprint', async () => {
    setToken('tok-abc')
    const r = await post<Echo>('/echo')
    expect(r.data.headers['content-type']).toBe('application/json')
    expect(r.data.headers.authorization).toBe('Bearer tok-abc')
    expect(r.data.headers.fingerprint).toBe('fp-fixed-for-tests')
  })

  test('R6.1 R7.1 anonymous calls send an empty Authorization', async () => {
    const r = await post<Echo>('/echo')
    expect(r.data.headers.authorization).toBe('')
  })
})

describe('R4.10 Set-Cookie values are saved and replayed', () => {
  test('R4.10 id, sign and openid from Set-Cookie are saved (others ignored) and come back on the next call', async () => {
    await post('/login')
    expect(savedCookies()).toEqual({ id: '7', sign: 'abc123', openid: 'o_dev_1' })
    const r = await post<Echo>('/echo')
    expect(r.data.headers.cookie).toContain('id=7')
    expect(r.data.headers.cookie).toContain('sign=abc123')
    expect(r.data.headers.cookie).toContain('openid=o_dev_1')
  })
})

describe('R7.2–R7.6 base paths', () => {
  test('R7.2 R7.3 R7.4 R7.5 each path goes to its host and prefix', () => {
    configureRequest({
      hosts: {
        api: 'https://api.example',
        live: 'https://live.example',
        stats: 'https://stats.example',
        mobile: 'https://m.example'
      }
    })
    try {
      expect(urlOf('/userapp/config')).toBe('https://api.example/api/v1/userapp/config') // R7.2
      expect(urlOf('userapp/index')).toBe('https://api.example/api/v1/userapp/index') // R7.2
      expect(urlOf('/live/api_mapp.php?a=slides')).toBe('https://live.example/live/api_mapp.php?a=slides') // R7.3
      expect(urlOf('/m2/json/groups.json')).toBe('https://live.example/m2/json/groups.json') // R7.3
      expect(urlOf('/rank-page/host-statistics')).toBe('https://stats.example/rank-page/host-statistics') // R7.4
      expect(urlOf('/huizhibo4.0/news/list')).toBe('https://m.example/mobile/api/huizhibo4.0/news/list') // R7.5
      expect(urlOf('https://other.example/x')).toBe('https://other.example/x')
      // R7.6: a protocol-relative URL takes the page's protocol on H5 (the page here is http)
      expect(urlOf('//cdn.example/a.json')).toBe('http://cdn.example/a.json')
    } finally {
      configureRequest({ hosts: hostsAt(s.origin) })
    }
  })

  test('R7.2 R7.3 R7.4 R7.5 the calls reach the server on those paths', async () => {
    expect((await post<Echo>('/userapp/echo')).data.url).toBe('/api/v1/userapp/echo')
    expect(new URL((await get<Echo>('/m2/json/groups.json')).data.url, s.origin).pathname).toBe('/m2/json/groups.json')
    expect(new URL((await get<Echo>('/rank-page/host-statistics', { host_uid: 1 })).data.url, s.origin).pathname).toBe(
      '/rank-page/host-statistics'
    )
    expect((await post<Echo>('/huizhibo4.0/news')).data.url).toBe('/mobile/api/huizhibo4.0/news')
  })
})

describe('R7.107 R8.8 upload', () => {
  // Taro H5's uploadFile first GETs the file path (a blob: URL in a browser) with XMLHttpRequest, then POSTs a
  // FormData. jsdom has no URL.createObjectURL, so the file here is an http URL on the test server; the rest is the
  // real path: multipart over jsdom's XMLHttpRequest to the real server.
  test('R7.107 POST /upload, multipart field file plus version and platform', async () => {
    const r = await upload<{
      multipart: boolean
      file: { filename: string } | null
      version: string
      platform: string
    }>(`${s.origin}/files/photo.png`)
    expect(r.code).toBe(1)
    expect(r.data.multipart).toBe(true)
    expect(r.data.file).not.toBeNull()
    expect(r.data.version).toBe(env.TARO_APP_VERSION)
    expect(r.data.platform).toBe('WEB')
    expect(s.last('/upload')?.method).toBe('POST')
    expect(s.last('/upload')?.url).toBe('/api/v1/upload')
    expect(s.last('/upload')?.headers.fingerprint).toBe('fp-fixed-for-tests')
  })

  test('R8.8 an unparseable reply rejects with the raw text', async () => {
    const err = await upload(`${s.origin}/files/photo.png`, { path: '/upload-text' }).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ kind: 'upload', data: { reason: 'parse', raw: 'upload failed: disk full' } })
    expect(err.message).toBe('upload failed: disk full')
  })

  test('R8.8 a server that never answers rejects with reason timeout', async () => {
    await expect(upload(`${s.origin}/files/photo.png`, { path: '/hang', timeout: 300 })).rejects.toMatchObject({
      kind: 'upload',
      data: { reason: 'timeout' },
      errMsg: 'uploadFile:fail timeout'
    })
  })

  test('R8.8 a refused port rejects with reason network', async () => {
    const port = await refusedPort()
    await expect(
      upload(`${s.origin}/files/photo.png`, { path: `http://127.0.0.1:${port}/upload` })
    ).rejects.toMatchObject({ kind: 'upload', data: { reason: 'network' } })
  })
})

test('R4.9 the fingerprint header is the cached value', async () => {
  expect(getItem('fingerprint')).toBe('fp-fixed-for-tests')
  const r = await request<Echo>('/echo')
  expect(r.data.headers.fingerprint).toBe('fp-fixed-for-tests')
})
