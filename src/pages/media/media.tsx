import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { useTab } from '@/hooks/use-tab'

/** 视听: the screen's frame; its data arrives with the issue that builds this area. */
function MediaPage() {
  useTab('media')
  return (
    <View className='page page--tab'>
      <Text className='page__title'>视听</Text>
      <PageState empty emptyText='暂无节目' />
      <TabBarSlot />
    </View>
  )
}

export default observer(MediaPage)
