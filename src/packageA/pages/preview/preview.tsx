import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 预告: the screen's frame; its data arrives with the issue that builds this area. */
function PreviewPage() {
  return (
    <View className='page'>
      <Text className='page__title'>预告</Text>
      <PageState empty emptyText='预告不存在或已下线' />
    </View>
  )
}

export default observer(PreviewPage)
