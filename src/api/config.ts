import type { DataOf, PostAt } from '../../contract'
import { callPost } from '@/core/call'

/** The service config of spec R3.7 (POST /userapp/config, R7.9): iOSDisabled above 0 restricts iOS features (R6.5). */
export type ServiceConfig = DataOf<PostAt<'/userapp/config'>>

/** R7.9 */
export function fetchServiceConfig(): Promise<ServiceConfig> {
  return callPost('/userapp/config', {})
}
