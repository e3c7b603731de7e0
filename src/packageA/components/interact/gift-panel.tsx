import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { observer } from 'mobx-react-lite'
import { balanceStore } from '@/stores/balance'
import { GIFT_COMBOS, giftStore } from './gift-store'
import { sessionStore } from '@/stores/session'
import { CURRENCY } from '@/utils/currency'
import { buttonProps, choiceProps, hiddenProps, linkProps } from '@/platform/a11y'

/** What the viewer lacks for `cost`: 0 when the balance covers it, or while the balance is not known (the server decides). */
export function giftShortfall(cost: number, gold: number | null): number {
  return gold === null ? 0 : Math.max(0, cost - gold)
}

/**
 * The gift panel (spec R1.3, R1.4, R9.1): the gift grid with prices in 慧币, the balance with a 充值 link, the combo
 * choice and the send button. A gift × count above the balance is not sent: the panel says 余额不足 and offers 充值.
 */
export const GiftPanel = observer(function GiftPanel({ roomId, onClose }: { roomId: number; onClose: () => void }) {
  const [giftId, setGiftId] = useState<number | null>(null)
  const [combo, setCombo] = useState<number>(1)
  // a login while the panel is open runs this again: the balance becomes the viewer's
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    void giftStore.loadGifts(roomId)
    void balanceStore.loadBalance()
  }, [roomId, loggedIn])

  const gift = giftStore.giftsList.find((g) => g.id === giftId) || null
  const cost = gift ? gift.price * combo : 0
  const short = giftShortfall(cost, sessionStore.isLoggedIn ? balanceStore.gold : null)
  const send = async () => {
    if (!gift || short > 0) return
    await giftStore.send(roomId, gift, combo)
  }
  const topUp = () => {
    onClose()
    void giftStore.openTopUp(roomId)
  }

  return (
    <View className='interact-panel'>
      <View className='interact-panel__mask' {...hiddenProps} onClick={onClose} />
      <View className='interact-panel__sheet'>
        <View className='interact-panel__head'>
          <Text className='interact-panel__title'>送礼物</Text>
          <Text className='interact-panel__balance'>
            余额 <Text className='interact-panel__gold'>{balanceStore.gold === null ? '--' : balanceStore.gold}</Text>{' '}
            {CURRENCY}
          </Text>
          <Text className='interact-panel__deposit' {...linkProps()} onClick={() => void giftStore.openTopUp(roomId)}>
            充值 ›
          </Text>
        </View>
        {giftStore.giftsLoading && !giftStore.giftsList.length ? (
          <Text className='interact-panel__hint'>加载中</Text>
        ) : giftStore.giftsError && !giftStore.giftsList.length ? (
          <Text className='interact-panel__hint' {...buttonProps()} onClick={() => void giftStore.loadGifts(roomId)}>
            {giftStore.giftsError}，点击重试
          </Text>
        ) : (
          <View className='interact-panel__grid'>
            {giftStore.giftsList.map((g) => (
              <View
                key={g.id}
                className={`interact-panel__gift${g.id === giftId ? ' interact-panel__gift--on' : ''}`}
                {...choiceProps(g.id === giftId)}
                data-gift={g.id}
                onClick={() => setGiftId(g.id)}
              >
                <AltImage className='interact-panel__icon' src={g.icon} mode='aspectFit' alt='' />
                <Text className='interact-panel__name'>{g.name}</Text>
                <Text className='interact-panel__price'>
                  {g.price} {CURRENCY}
                </Text>
              </View>
            ))}
          </View>
        )}
        <View className='interact-panel__foot'>
          <View className='interact-panel__combos'>
            {GIFT_COMBOS.map((n) => (
              <Text
                key={n}
                className={`interact-panel__combo${n === combo ? ' interact-panel__combo--on' : ''}`}
                {...choiceProps(n === combo)}
                aria-label={`${n}个`}
                onClick={() => setCombo(n)}
              >
                ×{n}
              </Text>
            ))}
          </View>
          {short > 0 ? (
            <View
              className='interact-panel__topup'
              {...buttonProps(`余额不足，还差 ${short} ${CURRENCY}，去充值`)}
              onClick={topUp}
            >
              <Text>充值</Text>
            </View>
          ) : (
            <View
              className={`interact-panel__send${gift && !giftStore.sending ? '' : ' interact-panel__send--off'}`}
              {...buttonProps()}
              onClick={() => void send()}
            >
              <Text>{gift ? `赠送 ${cost} ${CURRENCY}` : '赠送'}</Text>
            </View>
          )}
        </View>
        {short > 0 ? (
          <Text className='interact-panel__short'>
            余额不足：{gift?.name} ×{combo} 需 {cost} {CURRENCY}，还差 {short} {CURRENCY}
          </Text>
        ) : null}
      </View>
    </View>
  )
})
