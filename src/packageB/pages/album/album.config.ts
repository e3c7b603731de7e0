export default definePageConfig({
  navigationBarTitleText: '相册直播',
  enableShareAppMessage: true,
  enableShareTimeline: true
})
