import { FINGERPRINT_KEY, FINGERPRINT_LENGTH, getFingerprint, randomFingerprint, resetFingerprint } from '@/core/fingerprint'
import { visitorId } from '@/platform/fingerprint'
import { visitorId as miniProgramVisitorId } from '../../../src/platform/fingerprint'
import { getItem, removeItem } from '@/platform/storage'

beforeEach(() => {
  removeItem(FINGERPRINT_KEY)
  resetFingerprint()
})

test('R9.10 R4.9 the fallback is a random 32-character alphanumeric string', () => {
  expect(FINGERPRINT_LENGTH).toBe(32)
  const a = randomFingerprint()
  expect(a).toMatch(/^[A-Za-z0-9]{32}$/)
  expect(randomFingerprint()).not.toBe(a)
})

test('R4.9 the visitor id is generated once and cached in storage', async () => {
  const source = jest.fn(async () => 'visitor-123')
  await expect(getFingerprint(source)).resolves.toBe('visitor-123')
  await expect(getFingerprint(source)).resolves.toBe('visitor-123')
  expect(source).toHaveBeenCalledTimes(1)
  expect(getItem(FINGERPRINT_KEY)).toBe('visitor-123')
})

test('R4.9 concurrent first calls share one generation', async () => {
  const source = jest.fn(() => new Promise<string>((r) => setTimeout(() => r('v-1'), 20)))
  const all = await Promise.all([getFingerprint(source), getFingerprint(source), getFingerprint(source)])
  expect(all).toEqual(['v-1', 'v-1', 'v-1'])
  expect(source).toHaveBeenCalledTimes(1)
})

test('R4.9 R9.10 no visitor id (mini-program), a failure or a slow library falls back to the random string, cached', async () => {
  const none = await getFingerprint(async () => null)
  expect(none).toMatch(/^[A-Za-z0-9]{32}$/)
  expect(await getFingerprint(async () => 'later')).toBe(none)

  removeItem(FINGERPRINT_KEY)
  expect(await getFingerprint(async () => Promise.reject(new Error('blocked')))).toMatch(/^[A-Za-z0-9]{32}$/)

  removeItem(FINGERPRINT_KEY)
  const slow = () => new Promise<string>((r) => setTimeout(() => r('too-late'), 500))
  expect(await getFingerprint(slow, 50)).toMatch(/^[A-Za-z0-9]{32}$/)
})

test('R4.9 the mini-program has no visitor id source', async () => {
  await expect(miniProgramVisitorId()).resolves.toBeNull()
})

test('R4.9 H5 loads FingerprintJS on demand and gives its visitor id', async () => {
  // jsdom has no MessageChannel (FingerprintJS only posts through one to yield to the event loop): a timer-backed
  // stand-in for this test; jsdom's canvas/WebGL "not implemented" reports are silenced, those sources just fail.
  const g = globalThis as unknown as { MessageChannel?: unknown }
  const had = g.MessageChannel
  type Port = { onmessage: ((e: { data: unknown }) => void) | null; postMessage: (data: unknown) => void }
  g.MessageChannel = class {
    port1: Port
    port2: Port
    constructor() {
      const port = (other: () => Port): Port => ({ onmessage: null, postMessage: (data) => setTimeout(() => other().onmessage?.({ data }), 0) })
      this.port1 = port(() => this.port2)
      this.port2 = port(() => this.port1)
    }
  }
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const id = await visitorId()
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(await visitorId()).toBe(id)
  } finally {
    g.MessageChannel = had
    jest.restoreAllMocks()
  }
})

test('R4.9 H5 where FingerprintJS cannot run (no MessageChannel in jsdom) gives null, so the random fallback is used', async () => {
  await expect(visitorId()).resolves.toBeNull()
  await expect(getFingerprint(visitorId)).resolves.toMatch(/^[A-Za-z0-9]{32}$/)
})
