import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { liveStore } from '@/stores/live'
import { bannerText, premiumStore } from './premium-store'
import { sessionStore } from '@/stores/session'
import { buttonProps } from '@/platform/a11y'

/**
 * The paid live room banner (spec R4.12): nothing for a free room (WELCOM); 试看中 with the seconds left during the
 * trial, 试看结束 after it, 付费直播 for a paid room without a trial, 已解锁 once bought. Tapping buys (R7.88).
 */
export const PremiumBanner = observer(function PremiumBanner({ roomId }: { roomId: number }) {
  const hasRoom = !!liveStore.roomsData[roomId]
  const paid = premiumStore.isPremium(roomId)
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    if (!hasRoom || !paid) return undefined
    void premiumStore.check(roomId) // again after a login: the viewer may have bought it before
    return premiumStore.watch(roomId)
  }, [roomId, hasRoom, paid, loggedIn])

  const state = premiumStore.state(roomId)
  if (state === 'WELCOM') return null
  const { text, action } = bannerText(state, premiumStore.price(roomId), premiumStore.trialLeft(roomId))
  const buy = () => {
    if (state !== 'PREMIUM_PAYED') void premiumStore.purchase(roomId)
  }
  return (
    <View className={`premium-banner premium-banner--${state.toLowerCase()}`} data-state={state} onClick={buy}>
      <Text className='premium-banner__text'>{text}</Text>
      {action ? (
        <View
          className={`premium-banner__action${premiumStore.paying ? ' premium-banner__action--busy' : ''}`}
          {...buttonProps()}
        >
          <Text>{premiumStore.paying ? '购买中' : action}</Text>
        </View>
      ) : null}
    </View>
  )
})
