export default definePageConfig({
  navigationBarTitleText: '视听',
  enablePullDownRefresh: true
})
