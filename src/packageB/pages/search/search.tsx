import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 搜索: the screen's frame; its data arrives with the issue that builds this area. */
function SearchPage() {
  return (
    <View className='page'>
      <Text className='page__title'>搜索</Text>
      <PageState empty emptyText='暂无搜索结果' />
    </View>
  )
}

export default observer(SearchPage)
