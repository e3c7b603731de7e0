import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 详情: the screen's frame; its data arrives with the issue that builds this area. */
function PostPage() {
  return (
    <View className='page'>
      <Text className='page__title'>详情</Text>
      <PageState empty emptyText='内容不存在' />
    </View>
  )
}

export default observer(PostPage)
