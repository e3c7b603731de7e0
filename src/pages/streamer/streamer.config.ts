export default definePageConfig({
  navigationBarTitleText: '主播',
  enablePullDownRefresh: true
})
