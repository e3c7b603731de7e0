export default definePageConfig({
  navigationBarTitleText: '观看历史'
})
