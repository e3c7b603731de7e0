import { headerValue, parseCookieString, parseSetCookie } from '@/utils/cookies'

// The request core's cookie rules (R4.10): the mini-program has no cookie jar, so the core reads Set-Cookie itself
// (src/platform/cookies.ts) and the H5 build reads document.cookie (src/platform/cookies.h5.ts). The round trip through
// a real server is proven in core/cookies.weapp.test.ts; here the header forms a server may send.
const NOW = Date.parse('2026-11-29T08:00:00Z')

describe('parseSetCookie', () => {
  test('R4.10 one header with several cookies joined by commas; a comma inside Expires does not split', () => {
    expect(
      parseSetCookie('id=7; Path=/, sign=abc123; Expires=Wed, 01 Jan 2031 00:00:00 GMT; HttpOnly, openid=o_1', NOW)
    ).toEqual({ id: '7', sign: 'abc123', openid: 'o_1' })
    // joined without a space, or with several
    expect(parseSetCookie('a=1,b=2,  cc=3', NOW)).toEqual({ a: '1', b: '2', cc: '3' })
  })

  test('R4.10 a list of headers, values trimmed, the last of a name wins', () => {
    expect(parseSetCookie([' id = 7 ; Path=/', 'sign=x', 'sign=y'], NOW)).toEqual({ id: '7', sign: 'y' })
  })

  test('R4.10 Max-Age=0 or below, or an Expires in the past, deletes the cookie (reported as "")', () => {
    expect(parseSetCookie('id=7; Max-Age=0', NOW)).toEqual({ id: '' })
    expect(parseSetCookie('id=7; max-age=-1', NOW)).toEqual({ id: '' })
    expect(parseSetCookie('id=7; Max-Age=60', NOW)).toEqual({ id: '7' })
    // a Max-Age with no number is ignored (RFC 6265 5.2.2), not taken for 0
    expect(parseSetCookie('id=7; Max-Age=', NOW)).toEqual({ id: '7' })
    expect(parseSetCookie('id=7; Max-Age', NOW)).toEqual({ id: '7' })
    expect(parseSetCookie('id=7; Max-Age=soon', NOW)).toEqual({ id: '7' })
    expect(parseSetCookie('id=7; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)).toEqual({ id: '' })
    expect(parseSetCookie(`id=7; Expires=${new Date(NOW).toUTCString()}`, NOW)).toEqual({ id: '' })
    expect(parseSetCookie(`id=7; Expires=${new Date(NOW + 1000).toUTCString()}`, NOW)).toEqual({ id: '7' })
    expect(parseSetCookie('id=7; Expires=not a date', NOW)).toEqual({ id: '7' })
  })

  test('a value holding "=" keeps it; a pair without a name or "=" is left out; nothing in, nothing out', () => {
    expect(parseSetCookie('t=a=b==; Path=/', NOW)).toEqual({ t: 'a=b==' })
    expect(parseSetCookie(['=x', 'novalue', 'ok=1'], NOW)).toEqual({ ok: '1' })
    expect(parseSetCookie(undefined)).toEqual({})
    expect(parseSetCookie(null)).toEqual({})
    expect(parseSetCookie('')).toEqual({})
  })
})

describe('parseCookieString', () => {
  test('R4.10 document.cookie into a record: trimmed names and values, "=" inside a value kept', () => {
    expect(parseCookieString('id=7;  sign = abc ; t=a=b')).toEqual({ id: '7', sign: 'abc', t: 'a=b' })
  })

  test('parts without a name are left out; empty text is an empty record', () => {
    expect(parseCookieString('=x; y; ok=1')).toEqual({ ok: '1' })
    expect(parseCookieString('')).toEqual({})
    expect(parseCookieString(undefined)).toEqual({})
  })
})

describe('headerValue', () => {
  test('a header whatever the case of its name; a missing one or no headers: undefined', () => {
    const headers = { 'Set-Cookie': ['a=1'], 'content-type': 'text/plain' }
    expect(headerValue(headers, 'set-cookie')).toEqual(['a=1'])
    expect(headerValue(headers, 'Content-Type')).toBe('text/plain')
    expect(headerValue(headers, 'x-none')).toBeUndefined()
    expect(headerValue(null, 'set-cookie')).toBeUndefined()
  })
})
