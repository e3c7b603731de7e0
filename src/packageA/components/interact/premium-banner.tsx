import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { bannerText, checkingText, playbackPremiumStore, premiumStore, type PremiumStore } from './premium-store'
import { sessionStore } from '@/stores/session'
import { balanceStore } from '@/stores/balance'
import { openPage } from '@/router/navigate'
import { usePageShown } from '@/hooks/use-page-interval'
import { buttonProps, dialogProps, hiddenProps } from '@/platform/a11y'
import { CURRENCY } from '@/utils/currency'
import './premium-banner.scss'

// the page asks a paid room's store whether its stream may play (premium-loader)
export { premiumStore } from './premium-store'

/**
 * The paid live room banner (spec R4.12): nothing for a free room (WELCOM); 试看中 with the seconds left during the
 * trial, 试看结束 after it, 付费直播 for a paid room without a trial, 已解锁 once bought; 正在确认购买状态 until the
 * viewer's purchase is known. The banner names the price; a tap opens the confirm sheet (price and balance), and only
 * its 确认解锁 buys (R7.88).
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
    if (hasInfo && paid) void store.check(id) // again after a login: the viewer may have bought it before
  }, [store, id, hasInfo, paid, loggedIn])
  // the trial's clock ticks while the page shows (usePageInterval says why); it counts from the trial's start, so the
  // time the page was hidden is spent all the same
  const shown = usePageShown()
  useEffect(() => (hasInfo && paid && shown ? store.watch(id) : undefined), [store, id, hasInfo, paid, shown, loggedIn])

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
  const ask = () => {
    if (state !== 'PREMIUM_PAYED') void store.ask(id)
  }
  return (
    <>
      <View className={`premium-banner premium-banner--${state.toLowerCase()}`} data-state={state} onClick={ask}>
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
      {store.confirming === id && state !== 'PREMIUM_PAYED' ? <UnlockSheet store={store} id={id} /> : null}
    </>
  )
})

/** Where the deposit page returns to after a top-up asked for here: this room, or this playback. */
function depositQuery(store: PremiumStore, id: number): Record<string, string | number> {
  return { from: store.kind === 'room' ? 'live' : 'playback', id }
}

/**
 * The unlock's confirm sheet: what it costs and what the viewer has. Enough: 确认解锁 charges (once); short: 余额不足
 * with how much is missing and 充值, which opens the deposit page (it comes back here). 取消 or the mask: nothing.
 */
const UnlockSheet = observer(function UnlockSheet({ store, id }: { store: PremiumStore; id: number }) {
  const price = store.price(id)
  const gold = balanceStore.gold
  const short = store.shortfall(id)
  const title = store.kind === 'room' ? '解锁付费直播' : '解锁付费回放'
  const topUp = () => {
    store.dismiss()
    void openPage('deposit', depositQuery(store, id))
  }
  return (
    <View className='premium-sheet' data-room={id}>
      <View className='premium-sheet__mask' {...hiddenProps} onClick={() => store.dismiss()} />
      <View className='premium-sheet__body' {...dialogProps(title)}>
        <Text className='premium-sheet__title'>{title}</Text>
        <View className='premium-sheet__row'>
          <Text className='premium-sheet__label'>价格</Text>
          <Text className='premium-sheet__price'>
            {price} {CURRENCY}
          </Text>
        </View>
        <View className='premium-sheet__row'>
          <Text className='premium-sheet__label'>余额</Text>
          <Text className='premium-sheet__balance'>
            {gold === null ? '--' : gold} {CURRENCY}
          </Text>
        </View>
        {short ? (
          <Text className='premium-sheet__short'>
            余额不足，还差 {short} {CURRENCY}
          </Text>
        ) : null}
        <View className='premium-sheet__actions'>
          <View className='premium-sheet__cancel' {...buttonProps()} onClick={() => store.dismiss()}>
            <Text>取消</Text>
          </View>
          {short ? (
            <View className='premium-sheet__topup' {...buttonProps()} onClick={topUp}>
              <Text>充值</Text>
            </View>
          ) : (
            <View
              className={`premium-sheet__confirm${short === null || store.paying ? ' premium-sheet__confirm--off' : ''}`}
              {...buttonProps()}
              onClick={() => {
                if (short === 0 && !store.paying) void store.confirm()
              }}
            >
              <Text>{store.paying ? '购买中' : `确认解锁 ${price} ${CURRENCY}`}</Text>
            </View>
          )}
        </View>
      </View>
    </View>
  )
})
