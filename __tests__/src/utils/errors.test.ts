import {
  BAD_REQUEST_MESSAGE,
  FORBIDDEN_MESSAGE,
  NETWORK_FAILURE_MESSAGE,
  NOT_FOUND_MESSAGE,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  UNAVAILABLE_MESSAGE,
  failureText,
  messageOf,
  toApiError,
  uploadError
} from '@/utils/errors'

// The error catalogue's texts and the edges of the one error model; its kinds are in core/error-kinds.test.ts.

test('R8.1 R8.2 R8.3 R8.4 R8.5 R8.6 the catalogue’s texts, as a viewer reads them', () => {
  expect(NOT_FOUND_MESSAGE).toBe('请求的资源不存在')
  expect(FORBIDDEN_MESSAGE).toBe('没有权限访问')
  expect(UNAUTHORIZED_MESSAGE).toBe('需要身份验证')
  expect(SERVER_ERROR_MESSAGE).toBe('服务器开小差了,请稍后再试')
  expect(UNAVAILABLE_MESSAGE).toBe('服务暂时不可用,请稍后再试')
  expect(BAD_REQUEST_MESSAGE).toBe('请求参数错误')
  expect(TIMEOUT_MESSAGE).toBe('网络链接超时,请稍后再试！')
  expect(NETWORK_FAILURE_MESSAGE).toBe('网络异常,请检查网络后重试')
})

test('R8.8 an upload without a raw reply carries only its reason', () => {
  expect(Object.keys(uploadError('timeout', 'timeout').data)).toEqual(['reason'])
  expect(Object.keys(uploadError('parse', 'invalid JSON', 'x').data)).toEqual(['reason', 'raw'])
})

test('R8.5 nothing thrown with no text is a network failure with an empty msg and the code as its reason', () => {
  expect(toApiError(null)).toMatchObject({ kind: 'network', code: -100, msg: '', errMsg: 'request:fail code -100' })
  expect(toApiError('断开')).toMatchObject({ msg: '断开', errMsg: 'request:fail 断开' })
})

test('the text a view shows for a thrown string is that string; empty text or a non-string errMsg falls back', () => {
  expect(failureText('直接的文字', '失败')).toBe('直接的文字')
  expect(failureText(undefined, '失败')).toBe('失败')
  expect(messageOf('', '后备')).toBe('后备')
  expect(messageOf({ errMsg: 5 }, '后备')).toBe('后备')
  expect(messageOf({ errMsg: 'getLocation:fail auth deny' }, '后备')).toBe('getLocation:fail auth deny')
  expect(messageOf(0, '后备')).toBe('后备')
})
