import { makeAutoObservable, runInAction } from 'mobx'
import { fetchServiceConfig, type ServiceConfig } from '@/api/config'
import type { PlatformKind } from '@/platform/kinds'
import { showModal } from '@/ui/overlay'
import { sessionStore, type SessionDeps, type SessionStore } from './session'
import { settle } from '@/core/call'

/** R6.5 */
export const IOS_RESTRICTED_MESSAGE = '因监管要求，iOS 暂不支持此功能'

/**
 * R6.5: iOS features are restricted on the mini-program and WXBB when the review flag is above 0 or there is no
 * config. Only iOS devices are concerned.
 */
export function iosRestricted(
  platform: PlatformKind,
  ios: boolean,
  config: Pick<ServiceConfig, 'iOSDisabled'> | null
): boolean {
  if (!ios) return false
  if (platform !== 'WEAPP' && platform !== 'WXBB') return false
  return !config || Number(config.iOSDisabled) > 0
}

/** The service config (spec R3.7, R7.9) and the iOS review rule it drives (R6.5). */
export class ServiceConfigStore {
  config: ServiceConfig | null = null
  configLoaded = false

  private readonly deps: SessionDeps

  constructor(session: Pick<SessionStore, 'deps'> = sessionStore) {
    this.deps = session.deps
    makeAutoObservable<ServiceConfigStore, 'deps'>(this, { deps: false })
  }

  /** R3.7, R7.9: a failure leaves the config missing, which R6.5 treats as restricted. */
  async loadConfig(): Promise<ServiceConfig | null> {
    const { data: config = null } = await settle(fetchServiceConfig())
    runInAction(() => {
      this.config = config
      this.configLoaded = true
    })
    return config
  }

  /** R6.5 */
  get iosRestricted(): boolean {
    return iosRestricted(this.deps.platform(), this.deps.isIOS(), this.configLoaded ? this.config : null)
  }

  get iosRestrictedMessage(): string {
    return (this.config?.iOSDisabledMsg && String(this.config.iOSDisabledMsg)) || IOS_RESTRICTED_MESSAGE
  }

  /** R6.5: false (after telling the user) when the feature is restricted on this device. */
  ensureIosAllowed(): boolean {
    if (!this.iosRestricted) return true
    void showModal({ title: '提示', content: this.iosRestrictedMessage, showCancel: false })
    return false
  }
}

export const serviceConfig = new ServiceConfigStore()
