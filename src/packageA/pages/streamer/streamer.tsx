import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 主播主页: the screen's frame; its data arrives with the issue that builds this area. */
function StreamerPage() {
  return (
    <View className='page'>
      <Text className='page__title'>主播主页</Text>
      <PageState empty emptyText='主播不存在' />
    </View>
  )
}

export default observer(StreamerPage)
