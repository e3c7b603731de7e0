import { useEffect, useRef } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { onPageRestored } from '@/platform/page-restore'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import { DEPOSIT_SUCCESS_TEXT, depositStore } from './store'
import { openPage } from '@/router/navigate'
import { PAGE_PATHS } from '@/router/pages'
import { balanceStore } from '@/stores/balance'
import { sessionStore } from '@/stores/session'
import { serviceConfig } from '@/stores/service-config'
import { loginStore } from '@/stores/login'
import { loginPrompt } from '@/stores/login-prompt'
import './deposit.scss'
import { buttonProps, choiceProps, hiddenProps } from '@/platform/a11y'
import { withTopBar } from '@/components/top-bar'
import { CURRENCY } from '@/utils/currency'

/** Where a top-up started from (the unlock's confirm sheet: `from=live|playback&id=`), and the button back to it. */
function backTarget(params: Record<string, string | undefined>) {
  const id = Number(params.id)
  if (!(id > 0)) return null
  if (params.from === 'live') return { page: 'live' as const, key: 'roomid', id, label: '返回直播间' }
  if (params.from === 'playback') return { page: 'playback' as const, key: 'id', id, label: '返回回放' }
  return null
}

/**
 * One tap back to the room (or playback): the page under this one when it is that room (the mini-program's stack),
 * else the room opened in this page's place (H5 came back from the payment page with a fresh stack).
 */
function goBack(back: NonNullable<ReturnType<typeof backTarget>>) {
  const pages = Taro.getCurrentPages()
  const under = pages[pages.length - 2] as { route?: string; options?: Record<string, string> } | undefined
  const route = under?.route ? `/${under.route.replace(/^\//, '')}` : ''
  if (route === PAGE_PATHS[back.page] && String(under?.options?.[back.key]) === String(back.id)) {
    void Taro.navigateBack()
    return
  }
  void openPage(back.page, { [back.key]: back.id }, true)
}

/**
 * 充值 (spec R1.4, R3.42–R3.49, R7.67, R7.84): the balance, the gold packages, the platform's payment methods and the
 * pay button. A paid top-up (the payment sheet, or back from a payment page on H5) ends on 充值成功 with the gold and
 * the new balance, and, when it was asked for from a paid room's confirm sheet, the one tap back to that room.
 */
function DepositPage() {
  // no router outside a page (a component test mounts the page alone): nothing to go back to
  const back = backTarget(useRouter()?.params ?? {})
  useEffect(() => {
    void loginStore.start()
    void depositStore.load()
  }, [])
  // Back from a payment page that the browser's back-forward cache hands back as it was: the order is asked for again
  useEffect(() => onPageRestored(() => void depositStore.resume()), [])
  useDidShow(() => {
    if (depositStore.loaded) void balanceStore.loadBalance()
  })
  // a login that lands while the page is open (the messenger's OAuth round trip, a startup token) brings the balance
  const loggedIn = sessionStore.isLoggedIn
  const wasLoggedIn = useRef(loggedIn)
  useEffect(() => {
    if (loggedIn && !wasLoggedIn.current) void balanceStore.loadBalance()
    wasLoggedIn.current = loggedIn
  }, [loggedIn])

  const s = depositStore
  const restricted = serviceConfig.iosRestricted
  return (
    <View className='deposit'>
      <View className='deposit__head'>
        <Text className='deposit__label'>我的{CURRENCY}</Text>
        <Text className='deposit__balance'>{sessionStore.isLoggedIn ? (s.balance ?? '--') : '--'}</Text>
        {!sessionStore.isLoggedIn && (
          <Text className='deposit__login' {...buttonProps()} onClick={() => void loginPrompt.requireLogin()}>
            登录后查看余额 ›
          </Text>
        )}
      </View>
      {restricted ? (
        <PageState error={serviceConfig.iosRestrictedMessage} />
      ) : s.done ? (
        <View className='deposit__done'>
          <Text className='deposit__done-title'>{DEPOSIT_SUCCESS_TEXT}</Text>
          <Text className='deposit__done-gold'>
            +{s.done.gold} {CURRENCY}
          </Text>
          <Text className='deposit__done-balance'>
            当前余额 {s.balance ?? '--'} {CURRENCY}
          </Text>
          {back ? (
            <View className='deposit__back' {...buttonProps()} onClick={() => goBack(back)}>
              <Text>{back.label}</Text>
            </View>
          ) : null}
          <View className='deposit__again' {...buttonProps()} onClick={() => s.again()}>
            <Text>继续充值</Text>
          </View>
        </View>
      ) : s.loading && !s.prices.length ? (
        <PageState loading />
      ) : s.error && !s.prices.length ? (
        <PageState error={s.error} onRetry={() => void s.load()} />
      ) : !s.prices.length ? (
        <PageState empty emptyText='暂无充值套餐' />
      ) : (
        <View className='deposit__body'>
          <Text className='deposit__section'>选择充值金额</Text>
          <View className='deposit__grid'>
            {s.prices.map((p) => (
              <View
                key={p.id}
                data-price={p.id}
                className={`deposit__price${p.id === s.selectedId ? ' deposit__price--on' : ''}`}
                {...choiceProps(p.id === s.selectedId)}
                onClick={() => s.select(p.id)}
              >
                {Number(p.hot) > 0 && <Text className='deposit__hot'>热门</Text>}
                <Text className='deposit__gold'>
                  {p.gold}
                  <Text className='deposit__unit'> {CURRENCY}</Text>
                </Text>
                <Text className='deposit__yuan'>¥{p.price}</Text>
              </View>
            ))}
          </View>
          <Text className='deposit__section'>支付方式</Text>
          <View className='deposit__methods'>
            {s.methods.map((m) => (
              <View
                key={m.key}
                data-method={m.key}
                className={`deposit__method${m.key === s.method ? ' deposit__method--on' : ''}`}
                {...choiceProps(m.key === s.method)}
                onClick={() => s.chooseMethod(m.key)}
              >
                <Text className={`deposit__method-icon deposit__method-icon--${m.icon}`} {...hiddenProps}>
                  {m.icon === 'alipay' ? '支' : '微'}
                </Text>
                <Text className='deposit__method-name'>{m.name}</Text>
                <Text className='deposit__check' {...hiddenProps}>
                  {m.key === s.method ? '●' : '○'}
                </Text>
              </View>
            ))}
          </View>
          <View
            className={`deposit__pay${s.selected && s.method && !s.paying ? '' : ' deposit__pay--off'}`}
            {...buttonProps()}
            onClick={() => void s.pay()}
          >
            <Text>{s.paying ? '支付中…' : s.selected ? `立即支付 ¥${s.selected.price}` : '立即支付'}</Text>
          </View>
          <Text className='deposit__tip'>{CURRENCY}用于赠送礼物和解锁付费直播，充值后不可退还。</Text>
        </View>
      )}
    </View>
  )
}

export default withTopBar(observer(DepositPage))
