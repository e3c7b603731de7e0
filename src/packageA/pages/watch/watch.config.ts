export default definePageConfig({
  navigationBarTitleText: '视听'
})
