import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 图文直播: the screen's frame; its data arrives with the issue that builds this area. */
function TimelinePage() {
  return (
    <View className='page'>
      <Text className='page__title'>图文直播</Text>
      <PageState empty emptyText='暂无图文' />
    </View>
  )
}

export default observer(TimelinePage)
