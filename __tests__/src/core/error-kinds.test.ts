/*
 * The one error model (src/utils/errors.ts): every failure of a call, or around one, is an ApiError whose kind says
 * what happened, and a store meets it through settle (src/core/call.ts). These decide the kind from what the request
 * core gives: an envelope's code under the call's success rule, or the core's rejection.
 */
import { dataOf, settle } from '@/core/call'
import type { Reply } from '@/core/request'
import {
  ApiError,
  CODE,
  NETWORK_FAILURE_MESSAGE,
  TIMEOUT_MESSAGE,
  errMsg,
  failureText,
  messageOf,
  platformError,
  rejection,
  toApiError,
  uploadError
} from '@/utils/errors'
import { CODE as SERVER_CODE } from '../../../server/lib/util'

const answer = <T>(envelope: Reply<T>) => dataOf(Promise.resolve(envelope))

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const res = await settle(call)
  if (res.ok) throw new Error('the call did not fail')
  return res.error
}

test('R7.1 R8.9 an envelope whose code is not a success is a business failure with its code, msg and data', async () => {
  const err = await failure(answer({ code: CODE.TOO_FAST, msg: '操作太频繁，请稍后再试', data: { wait: 3 } }))
  expect(err).toMatchObject({ kind: 'business', code: -8, msg: '操作太频繁，请稍后再试', data: { wait: 3 } })
  expect(err.answered).toBe(true)
  expect(err.is(CODE.TOO_FAST)).toBe(true)
  // under the popularity rule (R7.1) code 0 is the success, code 1 the failure
  await expect(dataOf(Promise.resolve({ code: 0, msg: '', data: 5 }), 'zero')).resolves.toBe(5)
  expect(await failure(dataOf(Promise.resolve({ code: 1, msg: 'x', data: null }), 'zero'))).toMatchObject({
    kind: 'business',
    code: 1
  })
})

test('R8.5 the -100 envelope of a transport failure is kind network; its screen text is never the English reason', async () => {
  const err = await failure(answer({ code: CODE.NETWORK_FAILURE, msg: 'request:fail Failed to fetch', data: null }))
  expect(err).toMatchObject({ kind: 'network', code: -100, msg: NETWORK_FAILURE_MESSAGE })
  expect(err.errMsg).toBe('request:fail Failed to fetch')
  expect(err.answered).toBe(true)
})

test('R8.2 the -101 envelope of a 500 / 502 is kind server with the server message', async () => {
  const err = await failure(answer({ code: CODE.SERVER_FAILURE, msg: '服务器消息 500', data: null }))
  expect(err).toMatchObject({ kind: 'server', code: -101, msg: '服务器消息 500' })
})

test('R8.6 R8.1 R8.3 R8.4 the core rejections are kinds timeout, not_found and auth, and are no answers', async () => {
  const timeout = await failure(dataOf(Promise.reject(rejection(0, TIMEOUT_MESSAGE, 'request:fail timeout'))))
  expect(timeout).toMatchObject({ kind: 'timeout', code: 0, msg: '网络链接超时,请稍后再试！' })
  expect(timeout.answered).toBe(false)
  expect(rejection(404, '请求的资源不存在', 'request:fail 404').kind).toBe('not_found')
  expect(rejection(401, '需要身份验证', 'request:fail 401').kind).toBe('auth')
  expect(rejection(403, '没有权限访问', 'request:fail 403').kind).toBe('auth')
})

test('settle may leave the core rejections to the caller (a login-gated action) and still settle the answers', async () => {
  const timedOut = dataOf(Promise.reject(rejection(0, TIMEOUT_MESSAGE, 'request:fail timeout')))
  await expect(settle(timedOut, { rejections: 'throw' })).rejects.toMatchObject({ kind: 'timeout' })
  const refused = answer({ code: CODE.FAIL, msg: '已经参与过了', data: null })
  await expect(settle(refused, { rejections: 'throw' })).resolves.toMatchObject({
    ok: false,
    error: { kind: 'business', code: 0, msg: '已经参与过了' }
  })
})

test('anything else thrown becomes kind network with its text; a platform failure is client, a refused prompt refused', () => {
  expect(toApiError(new TypeError('boom'))).toMatchObject({ kind: 'network', code: -100, msg: 'boom' })
  expect(platformError('login:fail no code')).toMatchObject({ kind: 'client', msg: 'login:fail no code' })
  expect(platformError('getUserInfo:fail privacy permission is not authorized', 'refused').kind).toBe('refused')
})

test('R8.8 an upload without a readable answer is kind upload, its data saying how', () => {
  expect(uploadError('timeout', 'timeout')).toMatchObject({
    kind: 'upload',
    data: { reason: 'timeout' },
    errMsg: 'uploadFile:fail timeout'
  })
  expect(uploadError('parse', 'invalid JSON (status 200)', 'disk full')).toMatchObject({
    kind: 'upload',
    msg: 'disk full',
    data: { reason: 'parse', raw: 'disk full' }
  })
})

test('the business codes are one list: the server answers with the codes the client reads', () => {
  expect(SERVER_CODE).toBe(CODE)
  expect(CODE).toMatchObject({ OK: 1, FAIL: 0, NO_BALANCE: -7, TOO_FAST: -8 })
})

test('R8.19 every failure carries `method:fail reason`; a success `method:ok`; a code stands in for an empty message', () => {
  expect(errMsg('showModal')).toBe('showModal:ok')
  expect(errMsg('login', '')).toBe('login:fail')
  expect(errMsg('login', 'no code')).toBe('login:fail no code')
  const bare = new ApiError(-7, '', null)
  expect(bare).toMatchObject({ name: 'ApiError', message: 'code -7', msg: '', errMsg: 'request:fail code -7' })
  expect(new ApiError(0, '余额不足', null, 'pay')).toMatchObject({ message: '余额不足', errMsg: 'pay:fail 余额不足' })
  // the transport's own text is kept as errMsg, and never shown
  expect(new ApiError(-100, 'request:fail timeout', null)).toMatchObject({
    errMsg: 'request:fail timeout',
    msg: NETWORK_FAILURE_MESSAGE
  })
  expect(new ApiError(0, 'x request:fail', null).msg).toBe('x request:fail')
  expect(rejection(500, 'x', 'request:fail 500')).toMatchObject({
    kind: 'network',
    code: 500,
    errMsg: 'request:fail 500'
  })
  expect(platformError('login:fail no code').errMsg).toBe('login:fail no code')
  expect(uploadError('abort', 'abort').msg).toBe('abort')
  expect(uploadError('network', 'offline', '').data).toEqual({ reason: 'network', raw: '' })
  expect(toApiError(new TypeError('boom')).errMsg).toBe('request:fail boom')
})

test('is(code) is a business refusal with that code only; answered is business, network or server', () => {
  expect(new ApiError(-7, '余额不足', null).is(CODE.NO_BALANCE)).toBe(true)
  expect(new ApiError(-7, '余额不足', null).is(CODE.TOO_FAST)).toBe(false)
  expect(rejection(401, '需要身份验证', 'request:fail 401').is(401)).toBe(false)
  expect(new ApiError(-101, 'x', null).answered).toBe(true)
  for (const kind of ['auth', 'not_found', 'timeout', 'upload', 'refused', 'client'] as const)
    expect(new ApiError(0, 'x', null, 'request', kind).answered).toBe(false)
})

test('the text a view shows: the server’s message, else the catalogue’s, else the caller’s fallback; never empty or English transport text', () => {
  expect(failureText(new ApiError(0, '已经参与过了', null), '失败')).toBe('已经参与过了')
  expect(failureText(new ApiError(0, '', null), '失败')).toBe('失败')
  expect(failureText(new Error('request:fail abort'), '失败')).toBe(NETWORK_FAILURE_MESSAGE)
  expect(messageOf(null)).toBe('操作失败,请稍后再试')
  expect(messageOf(undefined, '稍后再试')).toBe('稍后再试')
  expect(messageOf('直接的文字')).toBe('直接的文字')
  expect(messageOf({ msg: '服务器的话', message: 'm', errMsg: 'e' })).toBe('服务器的话')
  expect(messageOf({ msg: '', message: '异常的话', errMsg: 'e' })).toBe('异常的话')
  expect(messageOf({ msg: 3, message: '', errMsg: 'scanCode:fail cancel' })).toBe('scanCode:fail cancel')
  expect(messageOf({ errMsg: 'request:fail timeout' })).toBe(NETWORK_FAILURE_MESSAGE)
  expect(messageOf({ msg: '', message: '', errMsg: '' }, '后备')).toBe('后备')
  expect(messageOf({ message: 7 }, '后备')).toBe('后备')
})
