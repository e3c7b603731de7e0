// H5: Taro's VirtualList (@tarojs/components-advanced), as the list pages always used it.
export { VirtualList } from '@tarojs/components-advanced'
