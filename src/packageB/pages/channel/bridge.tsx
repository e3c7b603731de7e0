import { View, Text, Button } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { openChannel } from '@/platform/channel'
import { withTopBar } from '@/components/top-bar'

/** Redirects to a video channel (spec R2.20): query finderUserName with feedId (a video) or none (the live). */
function ChannelBridge() {
  const { params } = useRouter()
  const [error, setError] = useState<string | null>(null)
  const go = () => {
    setError(null)
    openChannel({ finderUserName: params.finderUserName || '', feedId: params.feedId })
      .then(() => Taro.navigateBack().catch(() => undefined))
      .catch((e: Error) => setError(e.message))
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  useEffect(go, [])
  return (
    <View className='page'>
      <View className='card'>
        <Text>{error || '正在打开视频号…'}</Text>
      </View>
      {error && (
        <Button className='page-state__retry' onClick={go}>
          重试
        </Button>
      )}
    </View>
  )
}

export default withTopBar(ChannelBridge)
