import type { MiniProgramCredentials } from './mp-login'

export type { MiniProgramCredentials } from './mp-login'

/** The user refused the user-information permission (spec R5.15). */
export class UserInfoRefused extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'UserInfoRefused'
  }
}

export async function miniProgramCredentials(): Promise<MiniProgramCredentials> {
  throw new Error('login:fail not supported in H5')
}
