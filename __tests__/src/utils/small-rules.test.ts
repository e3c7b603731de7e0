import { lazyChunk } from '@/utils/chunk'
import type Hls from 'hls.js'
import { dateWindow, fragmentsOf, timeOfDate } from '@/utils/media-dates'
import { newRequestId } from '@/utils/request-id'
import { LOGIN_SECRETS, withoutSecrets } from '@/utils/url-secrets'

// Small rules the app's pages rely on, at their edges: the lazily loaded chunks (gift panel, menus, activities), the
// retry key of likes and gifts, the login secrets kept out of addresses, the time-shift's dated fragments.

describe('lazyChunk', () => {
  test('loads once and shares the result; a failed load is forgotten so the next call tries again', async () => {
    let calls = 0
    let fail = true
    const load = lazyChunk(() => {
      calls++
      return fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(calls)
    })
    await expect(load()).rejects.toThrow('chunk failed')
    fail = false
    const a = load()
    const b = load()
    expect(a).toBe(b)
    expect(await a).toBe(2)
    expect(await load()).toBe(2)
    expect(calls).toBe(2)
  })
})

describe('newRequestId', () => {
  test('R7.76 R7.77 a retry key of 8–64 [A-Za-z0-9_-]: the time, a dash, 16 base-36 digits', () => {
    const id = newRequestId(() => 0.5)
    expect(id).toMatch(/^[a-z0-9]+-[a-z0-9]{16}$/)
    expect(id.length).toBeGreaterThanOrEqual(8)
    expect(id.length).toBeLessThanOrEqual(64)
    // 0.5 × 36⁴ = 839808 = "i000" in base 36, four times
    expect(id.split('-')[1]).toBe('i000i000i000i000')
    // a small random number is padded to four digits
    expect(newRequestId(() => 0).split('-')[1]).toBe('0000000000000000')
    expect(newRequestId()).not.toBe(newRequestId())
  })

  test('R7.76 the key starts with the moment it was made, in base 36', () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 })
    try {
      expect(newRequestId(() => 0.5)).toBe(`${(1_700_000_000_000).toString(36)}-i000i000i000i000`)
      // the largest random number still gives four digits a draw
      expect(newRequestId(() => 0.9999999999).split('-')[1]).toBe('zzzzzzzzzzzzzzzz')
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('withoutSecrets', () => {
  test('R2.26 token, tokentype, code and sign leave the address, in any case or escaping; the rest stays in order', () => {
    expect(LOGIN_SECRETS).toEqual(['token', 'tokentype', 'code', 'sign'])
    expect(withoutSecrets('/m2/live?roomid=301&token=t&TokenType=2&from=share#top')).toBe(
      '/m2/live?roomid=301&from=share#top'
    )
    expect(withoutSecrets('https://h.example/p?%63ode=1&a=1&+sign=2')).toBe('https://h.example/p?a=1')
    expect(withoutSecrets('pages/user/user?code=abc')).toBe('pages/user/user')
    expect(withoutSecrets('pages/user/user?code=abc#x')).toBe('pages/user/user#x')
  })

  test('an address without a query is kept as it is; a malformed escape is judged as written', () => {
    expect(withoutSecrets('/m2/live#token=1')).toBe('/m2/live#token=1')
    expect(withoutSecrets('/m2/live?%E0%A4%A=1&&b=2')).toBe('/m2/live?%E0%A4%A=1&b=2')
    expect(withoutSecrets('/m2/live?codec=h264&tokens=2')).toBe('/m2/live?codec=h264&tokens=2')
  })

  test('R2.26 a query at the very start, or only after the hash, is judged as such', () => {
    expect(withoutSecrets('?token=1&a=2')).toBe('?a=2')
    expect(withoutSecrets('?token=1')).toBe('')
    expect(withoutSecrets('#?token=1')).toBe('#?token=1')
    expect(withoutSecrets('/p#x?token=1')).toBe('/p#x?token=1')
    expect(withoutSecrets('/p?a=1#?token=1')).toBe('/p?a=1#?token=1')
  })
})

describe('dated fragments (time-shift to a moment of the day)', () => {
  const T = Date.parse('2026-11-29T12:00:00Z')
  const fragments = [
    { start: 0, duration: 4, programDateTime: null },
    { start: 4, duration: 4, programDateTime: T },
    { start: 8, duration: 2, programDateTime: T + 4000 }
  ]

  test('a moment inside a dated fragment has its media time; outside them, or an undated one, null', () => {
    expect(timeOfDate(fragments, T)).toBe(4)
    expect(timeOfDate(fragments, T + 5500)).toBe(9.5)
    expect(timeOfDate(fragments, T + 6000)).toBeNull()
    expect(timeOfDate(fragments, T - 1)).toBeNull()
    expect(timeOfDate([], T)).toBeNull()
    // an undated fragment has no moment, not even the epoch's first seconds
    expect(timeOfDate([{ start: 0, duration: 4, programDateTime: null }], 1000)).toBeNull()
  })

  test('the window runs from the first dated fragment to the end of the last', () => {
    expect(dateWindow(fragments)).toEqual({ from: T, to: T + 6000 })
    expect(dateWindow([{ start: 0, duration: 4, programDateTime: null }])).toBeNull()
  })

  test('the fragments of the level playing, else of the level loading; none without a player or details', () => {
    const level = (start: number, pdt?: number) => ({
      details: { fragments: [{ start, duration: 4, programDateTime: pdt }] }
    })
    const hls = (currentLevel: number, loadLevel: number, levels: unknown[]) =>
      ({ currentLevel, loadLevel, levels }) as unknown as Hls
    const levels = [level(0, T), level(10), {}]
    expect(fragmentsOf(null)).toEqual([])
    expect(fragmentsOf(hls(0, 1, levels))).toEqual([{ start: 0, duration: 4, programDateTime: T }])
    expect(fragmentsOf(hls(1, 0, levels))).toEqual([{ start: 10, duration: 4, programDateTime: null }])
    expect(fragmentsOf(hls(-1, 1, levels))).toEqual([{ start: 10, duration: 4, programDateTime: null }])
    expect(fragmentsOf(hls(2, 0, levels))).toEqual([])
    expect(fragmentsOf(hls(-1, 5, levels))).toEqual([])
  })
})
