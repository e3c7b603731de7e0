import type { MiniProgramCredentials } from './mp-login'
import { platformError } from '@/utils/errors'

export type { MiniProgramCredentials } from './mp-login'

/** H5 has no wx.login code to fetch ahead. */
export function prepareMiniProgramLogin(): void {}

export function pauseMiniProgramLogin(): void {}

export async function withMiniProgramCredentials<T extends { ok: boolean }>(
  _send: (credentials: MiniProgramCredentials) => Promise<T>
): Promise<T> {
  throw platformError('login:fail not supported in H5')
}
