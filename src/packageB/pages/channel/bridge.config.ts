export default definePageConfig({
  navigationBarTitleText: '视频号'
})
