import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 慢直播: the screen's frame; its data arrives with the issue that builds this area. */
function HubinPage() {
  return (
    <View className='page'>
      <Text className='page__title'>慢直播</Text>
      <PageState empty emptyText='暂无慢直播' />
    </View>
  )
}

export default observer(HubinPage)
