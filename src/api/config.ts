import { callPost } from '@/core/call'

/** The service config of spec R3.7 (POST /userapp/config, R7.9). */
export interface ServiceConfig {
  /** iOS review flag: above 0 restricts iOS features (R6.5). */
  iOSDisabled: number
  iOSDisabledMsg: string
  highFlowMode: number
  [key: string]: unknown
}

/** R7.9 */
export function fetchServiceConfig(): Promise<ServiceConfig> {
  return callPost<ServiceConfig>('/userapp/config')
}
