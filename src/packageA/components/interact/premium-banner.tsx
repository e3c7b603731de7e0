import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { bannerText, checkingText, playbackPremiumStore, premiumStore, type PremiumStore } from './premium-store'
import { sessionStore } from '@/stores/session'
import { buttonProps } from '@/platform/a11y'
import './premium-banner.scss'

// the page asks a paid room's store whether its stream may play (premium-loader)
export { premiumStore } from './premium-store'

/**
 * The paid live room banner (spec R4.12): nothing for a free room (WELCOM); 试看中 with the seconds left during the
 * trial, 试看结束 after it, 付费直播 for a paid room without a trial, 已解锁 once bought; 正在确认购买状态 until the
 * viewer's purchase is known. Tapping buys (R7.88).
 */
export function PremiumBanner({ roomId }: { roomId: number }) {
  return <PaidBanner store={premiumStore} id={roomId} />
}

/** The same banner over a paid playback (付费回放), bought by review_id. */
export function PlaybackPremiumBanner({ playbackId }: { playbackId: number }) {
  return <PaidBanner store={playbackPremiumStore} id={playbackId} />
}

const PaidBanner = observer(function PaidBanner({ store, id }: { store: PremiumStore; id: number }) {
  const hasInfo = store.has(id)
  const paid = store.isPremium(id)
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    if (!hasInfo || !paid) return undefined
    void store.check(id) // again after a login: the viewer may have bought it before
    return store.watch(id)
  }, [store, id, hasInfo, paid, loggedIn])

  const state = store.state(id)
  if (state === 'WELCOM') return null
  // until ispremium answers, a paid room is neither offered for sale nor called unlocked: a viewer who bought it
  // would be asked to pay for a moment, and a tap then would buy it again (the server answers 已购买)
  if (store.purchased[id] === undefined)
    return (
      <View className='premium-banner premium-banner--checking' data-state='CHECKING' aria-busy>
        <Text className='premium-banner__text'>{checkingText(store.kind)}</Text>
      </View>
    )
  const { text, action } = bannerText(state, store.price(id), store.trialLeft(id), store.kind)
  const buy = () => {
    if (state !== 'PREMIUM_PAYED') void store.purchase(id)
  }
  return (
    <View className={`premium-banner premium-banner--${state.toLowerCase()}`} data-state={state} onClick={buy}>
      <Text className='premium-banner__text'>{text}</Text>
      {action ? (
        <View
          className={`premium-banner__action${store.paying ? ' premium-banner__action--busy' : ''}`}
          {...buttonProps()}
        >
          <Text>{store.paying ? '购买中' : action}</Text>
        </View>
      ) : null}
    </View>
  )
})
