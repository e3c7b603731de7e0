import { createBridge, type BridgeTransport, type HostBridge } from './bridge'

/**
 * The host apps inject `window.HostBridge.call(method, paramsJson, callbackName)` and answer by calling
 * `window[callbackName](resultJson)`. Without it (a plain browser) there is no bridge.
 */
interface InjectedBridge {
  call(method: string, params: string, callback: string): void
}

let seq = 0

function windowTransport(injected: InjectedBridge): BridgeTransport {
  return {
    call(method, params = {}) {
      return new Promise((resolve) => {
        const name = `__hostBridgeCb${++seq}`
        const w = window as unknown as Record<string, unknown>
        w[name] = (result: unknown) => {
          delete w[name]
          if (typeof result === 'string') {
            try {
              resolve(JSON.parse(result))
              return
            } catch {
              // plain string answer
            }
          }
          resolve(result)
        }
        injected.call(method, JSON.stringify(params), name)
      })
    }
  }
}

let bridge: HostBridge | null | undefined

export function hostBridge(): HostBridge | null {
  if (bridge === undefined) {
    const injected = (window as unknown as { HostBridge?: InjectedBridge }).HostBridge
    bridge = injected && typeof injected.call === 'function' ? createBridge(windowTransport(injected)) : null
  }
  return bridge
}
