import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 订单支付: the screen's frame; its data arrives with the issue that builds this area. */
function PagesMallPage() {
  return (
    <View className='page'>
      <Text className='page__title'>订单支付</Text>
      <PageState empty emptyText='订单不存在' />
    </View>
  )
}

export default observer(PagesMallPage)
