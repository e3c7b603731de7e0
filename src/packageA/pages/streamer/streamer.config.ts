export default definePageConfig({
  navigationBarTitleText: '主播主页',
  enablePullDownRefresh: true
})
