import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** 充值: the screen's frame; its data arrives with the issue that builds this area. */
function DepositPage() {
  return (
    <View className='page'>
      <Text className='page__title'>充值</Text>
      <PageState empty emptyText='暂无充值方式' />
    </View>
  )
}

export default observer(DepositPage)
