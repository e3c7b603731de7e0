export default definePageConfig({
  navigationBarTitleText: '回看',
  enableShareAppMessage: true
})
