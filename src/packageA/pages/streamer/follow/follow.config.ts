export default definePageConfig({
  navigationBarTitleText: '我的关注',
  enablePullDownRefresh: true
})
