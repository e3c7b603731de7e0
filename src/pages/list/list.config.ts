export default definePageConfig({
  navigationBarTitleText: '列表',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50
})
