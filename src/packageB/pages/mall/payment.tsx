import { useEffect } from 'react'
import { onPageRestored } from '@/platform/page-restore'
import { Button, Text, View } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { MALL_CANCELLED_TEXT, MALL_FAILED_TEXT, MALL_PAID_TEXT, mallStore } from './store'
import { sessionStore } from '@/stores/session'
import { serviceConfig } from '@/stores/service-config'
import { loginStore } from '@/stores/login'
import { loginPrompt } from '@/stores/login-prompt'
import './payment.scss'
import { withTopBar } from '@/components/top-bar'

const yuan = (n: number) => `¥${(Math.round(Number(n) * 100) / 100).toFixed(2)}`

/** The outcome screens: paid, cancelled and failed, each with what the viewer can do next. */
function Outcome() {
  const s = mallStore
  const o = s.order
  if (!o) return null
  if (s.paid) {
    return (
      <View className='mall-result mall-result--paid' data-state='paid' role='status'>
        <Text className='mall-result__icon'>✓</Text>
        <Text className='mall-result__title'>{MALL_PAID_TEXT}</Text>
        <Text className='mall-result__desc'>
          订单 {o.id} 已支付 {yuan(o.amount)}
        </Text>
        <Button className='mall-result__action' onClick={() => void Taro.navigateBack().catch(() => openPage('home'))}>
          返回
        </Button>
      </View>
    )
  }
  if (s.phase === 'cancelled' || s.phase === 'failed') {
    const cancelled = s.phase === 'cancelled'
    return (
      <View className={`mall-result mall-result--${s.phase}`} data-state={s.phase} role='alert'>
        <Text className='mall-result__icon'>{cancelled ? '!' : '×'}</Text>
        <Text className='mall-result__title'>{cancelled ? MALL_CANCELLED_TEXT : MALL_FAILED_TEXT}</Text>
        <Text className='mall-result__desc'>
          {cancelled ? '订单尚未支付，可以重新支付' : s.failure || '请稍后再试'}
        </Text>
        <Button className='mall-result__action mall-result__retry' onClick={() => void s.pay()}>
          重新支付
        </Button>
      </View>
    )
  }
  return null
}

/**
 * 订单支付 (spec R2.21, R3.50, R3.51, R7.86): a goods card's order — `?goods_id=` (the goods' link) makes the viewer's
 * order and moves to `?id=<order id>`, which shows it: goods, unit price, quantity and total, then pays it through the
 * platform's method. Paid, cancelled and failed each have their own screen.
 */
function MallPaymentPage() {
  const { params } = useRouter()
  const id = params.id ? String(params.id) : ''
  const goodsId = params.goods_id ? String(params.goods_id) : ''
  const loggedIn = sessionStore.isLoggedIn
  const s = mallStore

  useEffect(() => {
    void loginStore.start()
  }, [])
  // under iOS review (R6.5) nothing is ordered or paid: the page shows the restriction
  const restricted = serviceConfig.iosRestricted
  // Back from a payment page that the browser's back-forward cache hands back as it was: the order is asked for again
  useEffect(() => onPageRestored(() => (id ? void s.load(id) : undefined)), [id, s])
  useEffect(() => {
    if (!loggedIn || restricted) return
    if (id) void s.load(id)
    else if (goodsId) {
      void s.create(goodsId, Math.max(1, Number(params.quantity) || 1), params.roomid).then((orderId) => {
        // the address names the order from now on: a reload or the way back from a payment page shows this order
        if (orderId) void openPage('mallPayment', { id: orderId }, true)
      })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when id, goodsId, loggedIn, restricted change; what else it reads belongs to those
  }, [id, goodsId, loggedIn, restricted])

  const o = s.order
  let body: JSX.Element | null
  if (!id && !goodsId) body = <PageState empty emptyText='订单不存在' />
  else if (!loggedIn) {
    body = (
      <View className='mall__login'>
        <PageState empty emptyText='登录后查看订单' />
        <Button className='mall__login-button' onClick={() => void loginPrompt.requireLogin()}>
          去登录
        </Button>
      </View>
    )
  } else if (restricted) body = <PageState error={serviceConfig.iosRestrictedMessage} />
  else if (s.loading && !o) body = <PageState loading />
  else if (s.error && !o) body = <PageState error={s.error} onRetry={id ? () => void s.load(id) : undefined} />
  else if (!o) body = <PageState loading />
  else {
    const outcome = s.paid || s.phase === 'cancelled' || s.phase === 'failed'
    const busy = s.phase === 'paying' || s.phase === 'redirected'
    body = (
      <View className='mall__body'>
        <View className='mall-order' data-order={String(o.id)}>
          {o.cover ? <AltImage className='mall-order__cover' src={o.cover} mode='aspectFill' alt={o.title} /> : null}
          <View className='mall-order__info'>
            <Text className='mall-order__title'>{o.title}</Text>
            <View className='mall-order__line'>
              <Text className='mall-order__price'>{yuan(o.price)}</Text>
              <Text className='mall-order__quantity'>×{o.quantity}</Text>
            </View>
          </View>
        </View>
        <View className='mall-order__sum'>
          <Text className='mall-order__no'>订单号 {o.id}</Text>
          <Text className='mall-order__total'>
            合计 <Text className='mall-order__amount'>{yuan(o.amount)}</Text>
          </Text>
        </View>
        {outcome ? (
          <Outcome />
        ) : (
          <View className={`mall-pay${busy ? ' mall-pay--off' : ''}`} aria-disabled={busy} onClick={() => void s.pay()}>
            <Text>{busy ? '支付中…' : `立即支付 ${yuan(o.amount)}`}</Text>
          </View>
        )}
      </View>
    )
  }
  return (
    <View className='page mall'>
      <Text className='page__title'>订单支付</Text>
      {body}
    </View>
  )
}

export default withTopBar(observer(MallPaymentPage))
