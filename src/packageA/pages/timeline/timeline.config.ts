export default definePageConfig({
  navigationBarTitleText: '图文直播',
  enablePullDownRefresh: true
})
