export default definePageConfig({
  navigationBarTitleText: '消费记录',
  enablePullDownRefresh: true
})
