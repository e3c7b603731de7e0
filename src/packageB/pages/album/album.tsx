import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 相册直播: the screen's frame; its data arrives with the issue that builds this area. */
function AlbumPage() {
  return (
    <View className='page'>
      <Text className='page__title'>相册直播</Text>
      <PageState empty emptyText='暂无照片' />
    </View>
  )
}

export default observer(AlbumPage)
