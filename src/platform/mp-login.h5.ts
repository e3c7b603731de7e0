import type { MiniProgramCredentials } from './mp-login'

export type { MiniProgramCredentials } from './mp-login'

/** The user refused WeChat's privacy prompt for the user information (spec R5.15): the mini-program's only. */
export class UserInfoRefused extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'UserInfoRefused'
  }
}

/** H5 has no wx.login code to fetch ahead. */
export function prepareMiniProgramLogin(): void {}

export function pauseMiniProgramLogin(): void {}

export async function withMiniProgramCredentials<T extends { ok: boolean }>(
  _send: (credentials: MiniProgramCredentials) => Promise<T>
): Promise<T> {
  throw new Error('login:fail not supported in H5')
}
