import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 我的关注: the screen's frame; its data arrives with the issue that builds this area. */
function FollowPage() {
  return (
    <View className='page'>
      <Text className='page__title'>我的关注</Text>
      <PageState empty emptyText='还没有关注的主播' />
    </View>
  )
}

export default observer(FollowPage)
