import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { buttonProps } from '../aria'
import { ActivityCard } from '../card'
import { TimeLeft } from '../time-left'
import type { ViewProps } from '../types'
import type { RedpackStore } from './store'
import './view.scss'

/** The red-packet card: 抢 (one draw), then the amount or the miss, and who got how much. */
export const RedpackView = observer(function RedpackView({ store, onClose }: ViewProps<RedpackStore>) {
  const rp = store.redpack
  if (!rp) return null
  const outcome = store.outcome
  return (
    <ActivityCard kind='redpack' label='红包' title={rp.title} onClose={onClose}>
      <Text className='act-redpack__info'>
        共 {rp.total_gold} 慧币 · {rp.count} 个 · 剩 {store.result?.remain ?? rp.remain} 个
      </Text>
      {outcome ? (
        <Text className={`act-redpack__outcome act-redpack__outcome--${outcome.amount ? 'win' : 'miss'}`}>
          {outcome.amount ? `抢到 ${outcome.amount} 慧币` : outcome.msg}
        </Text>
      ) : store.restoring ? (
        // whether this viewer took it already is being asked: neither 抢 nor an amount yet
        <Text className='act-redpack__outcome act-redpack__outcome--asking'>查询中…</Text>
      ) : (
        <View className='act-redpack__draw' {...buttonProps('抢红包')} onClick={() => void store.draw()}>
          抢
        </View>
      )}
      {(store.result?.remain ?? rp.remain) > 0 ? (
        <TimeLeft endSec={rp.end_time} suffix=' 失效' className='act-redpack__left' />
      ) : null}
      {store.result?.list.length ? (
        <View className='act-redpack__list'>
          {store.result.list.slice(0, 5).map((r) => (
            <Text key={r.uid} className='act-redpack__row'>
              {r.uname} {r.amount} 慧币
            </Text>
          ))}
        </View>
      ) : null}
    </ActivityCard>
  )
})
