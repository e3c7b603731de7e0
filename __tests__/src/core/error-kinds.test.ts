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
