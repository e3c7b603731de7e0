import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { acquireRoomSocket, releaseRoomSocket, type PushHandlers, type PushKindsOf } from '@/core/socket'
import { giftStore } from './gift-store'
import { likeStore } from './like-store'
import { serviceConfig } from '@/stores/service-config'
import { showToast } from '@/ui/overlay'
import { loadGiftPanel, type GiftPanelModule } from './gift-panel-loader'
import { LikeButton } from './like-button'
import './index.scss'
import { buttonProps, hiddenProps } from '@/platform/a11y'

export { LikeButton } from './like-button'
// the gifts sent in the room, which the live page shows over the video
export { GiftStrip } from './gift-strip'

/** The pushes the bar takes (core/push-kinds.ts PUSH_TAKERS names them 'interact'): the like total, others' gifts. */
const INTERACT_PUSHES: PushHandlers<PushKindsOf<'interact'>> = {
  like: (d) => likeStore.onLikePush(d),
  gift: (d) => giftStore.onGiftPush(d)
}

/**
 * The live room's interactions (items 4, 5, 11): likes with floating hearts, the gift button and panel. The room's
 * socket feeds the like total (`like`) and others' gifts (`gift`), which GiftStrip shows over the video.
 */
export const InteractBar = observer(function InteractBar({ roomId }: { roomId: number }) {
  // the gift panel's module while it is open (loaded on the first tap on the web: gift-panel-loader)
  const [panel, setPanel] = useState<GiftPanelModule | null>(null)

  useEffect(() => {
    if (!(roomId > 0)) return undefined
    const socket = acquireRoomSocket(roomId)
    const off = socket.onEach(INTERACT_PUSHES)
    return () => {
      off()
      releaseRoomSocket(roomId)
    }
  }, [roomId])

  const openGifts = () => {
    if (!serviceConfig.ensureIosAllowed()) return // R6.5
    loadGiftPanel().then(setPanel, () => void showToast('加载失败，请稍后再试'))
  }

  return (
    <View className='interact'>
      <View className='interact__bar'>
        <View className='interact__gift-button' {...buttonProps('礼物')} onClick={openGifts}>
          <Text className='interact__gift-icon' {...hiddenProps}>
            礼
          </Text>
          <Text className='interact__gift-label'>礼物</Text>
        </View>
        <LikeButton roomId={roomId} />
      </View>
      {panel ? <panel.GiftPanel roomId={roomId} onClose={() => setPanel(null)} /> : null}
    </View>
  )
})
