export default definePageConfig({
  navigationBarTitleText: '直播间',
  enableShareAppMessage: true,
  disableScroll: true
})
