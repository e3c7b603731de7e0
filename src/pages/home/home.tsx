import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { useTab } from '@/hooks/use-tab'

/** 直播: the screen's frame; its data arrives with the issue that builds this area. */
function HomePage() {
  useTab('home')
  return (
    <View className='page page--tab'>
      <Text className='page__title'>直播</Text>
      <PageState empty emptyText='暂无直播' />
      <TabBarSlot />
    </View>
  )
}

export default observer(HomePage)
