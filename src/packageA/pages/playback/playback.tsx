import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 回看: the screen's frame; its data arrives with the issue that builds this area. */
function PlaybackPage() {
  return (
    <View className='page'>
      <Text className='page__title'>回看</Text>
      <PageState empty emptyText='回看不存在或已下线' />
    </View>
  )
}

export default observer(PlaybackPage)
