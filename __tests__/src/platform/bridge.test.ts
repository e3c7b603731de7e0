import { USER_INFO_TIMEOUT, createBridge, type BridgeTransport } from '@/platform/bridge'
import { hostBridge } from '@/platform/host'

function transport(answers: Record<string, (p?: Record<string, unknown>) => Promise<unknown>>) {
  const calls: [string, Record<string, unknown> | undefined][] = []
  const t: BridgeTransport = {
    call(method, params) {
      calls.push([method, params])
      return (answers[method] || (() => Promise.resolve(undefined)))(params)
    }
  }
  return { t, calls }
}

describe('host-app bridge', () => {
  test('R7.8 R3.8 getUserInfo returns the host user (userid or userId, devicesToken)', async () => {
    const { t } = transport({ getUserInfo: async () => ({ userId: '77', devicesToken: 'dev-1' }) })
    await expect(createBridge(t).getUserInfo()).resolves.toEqual({ userId: '77', devicesToken: 'dev-1' })
  })
  test('R7.8 getUserInfo gives up after 1 second', async () => {
    jest.useFakeTimers()
    const { t } = transport({ getUserInfo: () => new Promise(() => undefined) })
    const p = createBridge(t).getUserInfo()
    expect(USER_INFO_TIMEOUT).toBe(1000)
    jest.advanceTimersByTime(999)
    let settled = false
    void p.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    jest.advanceTimersByTime(1)
    await expect(p).resolves.toBeNull()
    jest.useRealTimers()
  })
  test('R7.8 goOutlink opens a mini-program with goWXMini, userName and path; the other calls pass through', async () => {
    const { t, calls } = transport({ getLocalStorage: async () => 'v', getSystemInfo: async () => ({ model: 'x' }) })
    const b = createBridge(t)
    await b.goOutlink({ userName: 'gh_123', path: 'pages/index/index' })
    await b.hideTopView()
    await b.setStorage('k', 'v')
    await expect(b.getStorage('k')).resolves.toBe('v')
    await expect(b.getSystemInfo()).resolves.toEqual({ model: 'x' })
    expect(calls).toEqual([
      ['goOutlink', { type: 'goWXMini', userName: 'gh_123', path: 'pages/index/index' }],
      ['hideTopView', undefined],
      ['setLocalStorage', { key: 'k', value: 'v' }],
      ['getLocalStorage', { key: 'k' }],
      ['getSystemInfo', undefined]
    ])
  })
  test('a plain browser has no host bridge', () => {
    expect(hostBridge()).toBeNull()
  })
})
