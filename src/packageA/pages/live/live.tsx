import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'

/** The live room (parameter roomid, spec R2.8); the player and chat arrive with the live-room issue. */
function LivePage() {
  const { params } = useRouter()
  const roomid = Number(params.roomid)
  return (
    <View className='page'>
      <Text className='page__title'>直播间</Text>
      {roomid > 0 ? <PageState loading /> : <PageState error='直播间不存在' />}
    </View>
  )
}

export default observer(LivePage)
