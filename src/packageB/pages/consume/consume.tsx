import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import { withTopBar } from '@/components/top-bar'
import { ListFoot } from '@/components/list-foot'
import { loginPrompt } from '@/stores/login-prompt'
import { sessionStore } from '@/stores/session'
import { formatTime } from '@/utils/format'
import { consumeAmount, consumeLog, consumeTitle } from './store'
import { buttonProps } from '@/platform/a11y'
import './consume.scss'

/**
 * 消费记录 (R2.46, R1.4, R1.6): what the viewer's 慧币 paid for, unlocks of paid rooms and playbacks and gifts, each
 * with its time and amount, latest first, by 10 (the next page at the bottom). Reached from 我的 and the gift log.
 */
function ConsumePage() {
  // a visitor is asked to log in (nothing is asked of the server); a login here loads the log
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    if (loggedIn) consumeLog.load({ reset: true }).catch(() => undefined)
  }, [loggedIn])
  useReachBottom(() => {
    if (loggedIn && consumeLog.hasMore) consumeLog.load().catch(() => undefined)
  })
  usePullDownRefresh(() => {
    if (!loggedIn) return void Taro.stopPullDownRefresh()
    consumeLog
      .load({ reset: true })
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })
  const list = consumeLog
  if (!loggedIn) {
    return (
      <View className='consume'>
        <PageState empty emptyText='登录后查看消费记录' />
        <View className='consume__login' {...buttonProps()} onClick={() => void loginPrompt.goToLogin()}>
          <Text>去登录</Text>
        </View>
      </View>
    )
  }
  if (list.empty) {
    return (
      <View className='consume'>
        {list.loading ? (
          <PageState loading />
        ) : list.errorKind === 'auth' ? (
          <PageState error='登录后查看消费记录' retryText='去登录' onRetry={() => void loginPrompt.goToLogin()} />
        ) : list.error ? (
          <PageState error={list.error} onRetry={() => list.load({ reset: true }).catch(() => undefined)} />
        ) : (
          <PageState empty emptyText='暂无消费记录' />
        )}
      </View>
    )
  }
  return (
    <View className='consume'>
      {list.list.map((item) => (
        <View key={item.id} className='consume__row' data-kind={item.kind}>
          <View className='consume__main'>
            <Text className='consume__title'>{consumeTitle(item)}</Text>
            <Text className='consume__sub'>
              {item.target_title ? `${item.target_title} · ` : ''}
              {formatTime(item.time, 'YYYY-MM-DD HH:mm')}
            </Text>
          </View>
          <Text className='consume__gold'>{consumeAmount(item)}</Text>
        </View>
      ))}
      <ListFoot list={list} className='consume__more' />
    </View>
  )
}

export default withTopBar(observer(ConsumePage))
