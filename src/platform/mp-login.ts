import Taro from '@tarojs/taro'

/** What the mini-program login sends (spec R7.55). */
export interface MiniProgramCredentials {
  code: string
  encryptedData: string
  iv: string
}

/** The user refused the user-information permission (spec R5.15). */
export class UserInfoRefused extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'UserInfoRefused'
  }
}

/**
 * Mini-program: the user profile (encryptedData, iv) and a login code. getUserProfile must be the first call of the
 * tap handler, so it comes before Taro.login.
 */
export async function miniProgramCredentials(): Promise<MiniProgramCredentials> {
  let profile: { encryptedData?: string; iv?: string }
  try {
    profile = await Taro.getUserProfile({ desc: '用于完善会员资料', lang: 'zh_CN' })
  } catch (err) {
    throw new UserInfoRefused((err as { errMsg?: string })?.errMsg || 'getUserProfile:fail auth deny')
  }
  if (!profile.encryptedData || !profile.iv) throw new UserInfoRefused('getUserProfile:fail no user info')
  const { code } = await Taro.login()
  return { code, encryptedData: profile.encryptedData, iv: profile.iv }
}
