import Taro from '@tarojs/taro'

/**
 * The oldest WeChat base library the mini-program runs on: WeChat's 头像昵称填写 (编辑资料's `chooseAvatar` button and
 * `nickname` input, src/pages/user/components) came in 2.21.2, and before it those two do nothing; wx.getWindowInfo and
 * wx.getDeviceInfo (src/platform/system.ts) and wx.getAppBaseInfo in 2.20.1; scroll-view's refresher (home's
 * pull-down) in 2.10.1, the input's keyboardheightchange in 2.7.0. The same version is the 基础库最低版本 of the
 * mini-program's admin console (设置 → 基础库最低版本设置, docs/releasing-weapp.md), which keeps older WeChat clients
 * out, and project.config.json's libVersion.
 */
export const MIN_BASE_LIBRARY = '2.21.2'

/** WeChat's version comparison: 1 when a is newer, -1 when older, 0 when the same. */
export function compareVersion(a: string, b: string): number {
  const x = a.split('.')
  const y = b.split('.')
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (parseInt(x[i], 10) || 0) - (parseInt(y[i], 10) || 0)
    if (d !== 0) return d > 0 ? 1 : -1
  }
  return 0
}

/** The running base library's version, '' when the host does not say (before 2.20.1 there is no getAppBaseInfo). */
function running(): string {
  try {
    return String(Taro.getAppBaseInfo().SDKVersion || '')
  } catch {
    return ''
  }
}

/**
 * At launch: a base library older than MIN_BASE_LIBRARY (the console's setting not yet applied, or a client that
 * slipped through) is told to update WeChat, as WeChat's compatibility guide asks. True when the version is enough.
 */
export function checkBaseLibrary(): boolean {
  const version = running()
  if (version && compareVersion(version, MIN_BASE_LIBRARY) >= 0) return true
  void Taro.showModal({
    title: '提示',
    content: '当前微信版本过低，部分功能无法使用，请升级到最新微信版本后重试。',
    showCancel: false
  }).catch(() => undefined)
  return false
}
