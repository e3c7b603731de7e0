/*
 * R4.9 R9.10 on the mini-program target (weapp jest project: `@/platform/fingerprint` resolves to fingerprint.ts). The
 * mini-program has no browser fingerprinting: the Fingerprint header of the first request is the random
 * 32-character fallback, generated once and cached. Proven through the request core against a local HTTP server.
 *
 * FingerprintJS is replaced by a library that would always answer (and records being loaded): had the H5 variant
 * been resolved, the header would be its visitor id and the load would show.
 */
import { FINGERPRINT_KEY, FINGERPRINT_LENGTH, getFingerprint, resetFingerprint } from '@/core/fingerprint'
import { configureRequest, post } from '@/core/request'
import { getItem, removeItem } from '@/platform/storage'
import { startFaultServer, type FaultServer } from '../support/fault-server'
import { hostsAt } from '../support/hosts'

const mockLibraryLoads: string[] = []
const FPJS_VISITOR_ID = '0123456789abcdef0123456789abcdef'
jest.mock('@fingerprintjs/fingerprintjs', () => {
  mockLibraryLoads.push('@fingerprintjs/fingerprintjs')
  return {
    __esModule: true,
    default: { load: async () => ({ get: async () => ({ visitorId: '0123456789abcdef0123456789abcdef' }) }) }
  }
})

type Echo = { headers: Record<string, string>; body: string }

let s: FaultServer
beforeAll(async () => {
  s = await startFaultServer()
  configureRequest({ hosts: hostsAt(s.origin) })
})
afterAll(() => s.close())
beforeEach(() => {
  removeItem(FINGERPRINT_KEY)
  resetFingerprint()
})

test('R4.9 R9.10 mini-program: the Fingerprint header is a random 32-character string, generated once and cached', async () => {
  expect(getItem(FINGERPRINT_KEY)).toBeFalsy()
  const first = await post<Echo>('/echo')
  const sent = first.data.headers.fingerprint
  expect(sent).toMatch(new RegExp(`^[A-Za-z0-9]{${FINGERPRINT_LENGTH}}$`))
  expect(sent).not.toBe(FPJS_VISITOR_ID)
  expect(getItem(FINGERPRINT_KEY)).toBe(sent)
  // cached: later requests and the next launch (a fresh generation reading storage) send the same value
  expect((await post<Echo>('/echo')).data.headers.fingerprint).toBe(sent)
  resetFingerprint()
  await expect(getFingerprint()).resolves.toBe(sent)
  expect(mockLibraryLoads).toEqual([]) // the mini-program never loads FingerprintJS
})

test('R4.9 mini-program: concurrent first requests share one random fingerprint', async () => {
  const all = await Promise.all([post<Echo>('/echo'), post<Echo>('/echo'), post<Echo>('/echo')])
  const values = new Set(all.map((r) => r.data.headers.fingerprint))
  expect(values.size).toBe(1)
  expect(getItem(FINGERPRINT_KEY)).toBe([...values][0])
  expect(mockLibraryLoads).toEqual([])
})
