import { View, Text } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { PageState } from '@/components/page-state'
import { LIST_TYPES, listType } from '@/router/list-types'

/** One list page for live rooms, playbacks, recommended playbacks, events and the user's logs (spec R2.7). */
function ListPage() {
  const { params } = useRouter()
  const type = listType(params.type)
  const title = type ? LIST_TYPES[type] : '列表'
  useEffect(() => {
    Taro.setNavigationBarTitle({ title })
  }, [title])
  return (
    <View className='page'>
      <Text className='page__title'>{title}</Text>
      {type ? <PageState empty emptyText='暂无内容' /> : <PageState error='列表类型不存在' />}
    </View>
  )
}

export default observer(ListPage)
