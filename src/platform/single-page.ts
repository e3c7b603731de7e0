/**
 * R4.7: Moments' single-page mode (场景值 1154). WeChat runs the shared page alone there: no login state (wx.login is
 * unavailable), no route to another page (navigateTo, redirectTo, switchTab, reLaunch, navigateBack), no tab bar, its
 * own storage; its bottom bar's 前往小程序 opens the mini-program proper on the same page.
 */
export const SINGLE_PAGE_SCENE = 1154
export const SINGLE_PAGE_TIP = '当前为朋友圈预览模式，请点击下方「前往小程序」使用完整功能'
