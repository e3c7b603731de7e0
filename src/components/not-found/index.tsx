import { View, Text, Button } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { openPage } from '@/router/navigate'
import { uiStore } from '@/stores/ui'
import './index.scss'

/** The 404 screen shown when the H5 router meets an unknown route (spec R2.41). */
export const NotFound = observer(function NotFound() {
  if (!uiStore.notFoundPath) return null
  return (
    <View className='not-found' role='alert'>
      <Text className='not-found__code'>404</Text>
      <Text className='not-found__text'>页面不存在</Text>
      <Button
        className='not-found__home'
        onClick={() => {
          uiStore.setNotFound(null)
          void openPage('home')
        }}
      >
        返回首页
      </Button>
    </View>
  )
})
