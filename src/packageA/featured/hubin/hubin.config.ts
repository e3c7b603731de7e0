export default definePageConfig({
  navigationBarTitleText: '慢直播',
  enableShareAppMessage: true
})
