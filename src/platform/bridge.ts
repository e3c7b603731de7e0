/**
 * The host-app bridge (spec R7.8): what the broadcaster's app, the Wi-Fi app and partner apps offer the H5 client.
 * A transport carries one call to the host and resolves with its answer; the bridge gives the calls their types
 * and their rules (getUserInfo gives up after 1 second).
 */
export interface BridgeTransport {
  call(method: string, params?: Record<string, unknown>): Promise<unknown>
}

export interface HostUserInfo {
  userid?: string
  userId?: string
  usertokenkey?: string
  devicesToken?: string
  [key: string]: unknown
}

export interface HostBridge {
  getSystemInfo(): Promise<Record<string, unknown>>
  /** The host's user, or null when the host does not answer within 1 s. */
  getUserInfo(): Promise<HostUserInfo | null>
  /** Open another mini-program from the host app (goWXMini with userName and path). */
  goOutlink(target: { userName: string; path?: string }): Promise<void>
  hideTopView(): Promise<void>
  getStorage(key: string): Promise<string | null>
  setStorage(key: string, value: string): Promise<void>
}

export const USER_INFO_TIMEOUT = 1000

export function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms)
    p.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      () => {
        clearTimeout(timer)
        resolve(fallback)
      }
    )
  })
}

export function createBridge(transport: BridgeTransport): HostBridge {
  return {
    async getSystemInfo() {
      return ((await transport.call('getSystemInfo')) as Record<string, unknown>) || {}
    },
    getUserInfo() {
      return withTimeout(
        transport.call('getUserInfo').then((v) => (v && typeof v === 'object' ? (v as HostUserInfo) : null)),
        USER_INFO_TIMEOUT,
        null
      )
    },
    async goOutlink({ userName, path }) {
      await transport.call('goOutlink', { type: 'goWXMini', userName, path: path || '' })
    },
    async hideTopView() {
      await transport.call('hideTopView')
    },
    async getStorage(key) {
      const v = await transport.call('getLocalStorage', { key })
      return typeof v === 'string' ? v : null
    },
    async setStorage(key, value) {
      await transport.call('setLocalStorage', { key, value })
    }
  }
}
