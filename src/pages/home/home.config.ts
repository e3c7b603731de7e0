export default definePageConfig({
  navigationBarTitleText: '直播',
  navigationStyle: 'custom',
  enableShareAppMessage: true,
  enablePullDownRefresh: false,
  onReachBottomDistance: 50
})
