import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { observer } from 'mobx-react-lite'
import { giftStore } from './gift-store'

/**
 * Gifts sent in the room, the viewer's own and others' (the socket's `gift` push), shown over the video (the live
 * page puts it in the player's area, never over the chat input): the last three, each for 5 s after its last send. A
 * repeat of the same gift adds to its ×N combo count, which pops as it changes.
 */
export const GiftStrip = observer(function GiftStrip({ roomId }: { roomId: number }) {
  const events = giftStore.roomEvents(roomId)
  if (!events.length) return null
  return (
    <View className='interact-gifts'>
      {events.map((e) => (
        <View
          key={e.key}
          className={`interact-gifts__item${e.mine ? ' interact-gifts__item--mine' : ''}`}
          data-gift-name={e.giftName}
          data-combo={e.combo}
        >
          <Text className='interact-gifts__name'>{e.nickname}</Text>
          <Text className='interact-gifts__verb'> 送出 </Text>
          <Text className='interact-gifts__gift'>{e.giftName}</Text>
          {e.icon ? <AltImage className='interact-gifts__icon' src={e.icon} mode='aspectFit' alt='' /> : null}
          {/* keyed by the count: each repeat draws it anew, so its pop plays again */}
          <Text key={e.combo} className={`interact-gifts__combo${e.sends > 1 ? ' interact-gifts__combo--repeat' : ''}`}>
            ×{e.combo}
          </Text>
        </View>
      ))}
    </View>
  )
})
