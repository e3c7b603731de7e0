import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { observer } from 'mobx-react-lite'
import { giftStore } from './gift-store'

/** Gifts sent in the room, the viewer's own and others' (the socket's `gift` push): the last three, each for 5 s. */
export const GiftStrip = observer(function GiftStrip({ roomId }: { roomId: number }) {
  const events = giftStore.roomEvents(roomId)
  if (!events.length) return null
  return (
    <View className='interact-gifts'>
      {events.map((e) => (
        <View key={e.key} className={`interact-gifts__item${e.mine ? ' interact-gifts__item--mine' : ''}`}>
          <Text className='interact-gifts__name'>{e.nickname}</Text>
          <Text className='interact-gifts__verb'> 送出 </Text>
          <Text className='interact-gifts__gift'>{e.giftName}</Text>
          {e.icon ? <AltImage className='interact-gifts__icon' src={e.icon} mode='aspectFit' alt='' /> : null}
          <Text className='interact-gifts__combo'>×{e.combo}</Text>
        </View>
      ))}
    </View>
  )
})
