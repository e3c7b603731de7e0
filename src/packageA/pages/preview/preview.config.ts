export default definePageConfig({
  navigationBarTitleText: '预告',
  enableShareAppMessage: true
})
