export default definePageConfig({
  navigationBarTitleText: '主播'
})
