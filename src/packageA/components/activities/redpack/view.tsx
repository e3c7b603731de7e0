import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { buttonProps } from '../aria'
import { ActivityCard } from '../card'
import { TimeLeft, usePast } from '../time-left'
import type { ViewProps } from '../types'
import type { RedpackStore } from './store'
import './view.scss'

/** The red-packet card: 抢 (one draw), then the amount or the miss, and who got how much. */
export const RedpackView = observer(function RedpackView({ store, onClose }: ViewProps<RedpackStore>) {
  const rp = store.redpack
  // what is left of it expires at end_time (the server refuses a draw then: 红包已过期)
  const expired = usePast(rp?.end_time)
  if (!rp) return null
  const outcome = store.outcome
  // remain only goes down: the latest of the packet's push and the viewer's result
  const remain = Math.min(rp.remain, store.result?.remain ?? rp.remain)
  const over = remain <= 0 ? '红包已抢完' : expired || Number(rp.status) === 0 ? '红包已过期' : null
  return (
    <ActivityCard kind='redpack' label='红包' title={rp.title} onClose={onClose}>
      <Text className='act-redpack__info'>
        共 {rp.total_gold} 慧币 · {rp.count} 个 · 剩 {remain} 个
      </Text>
      {outcome ? (
        <Text className={`act-redpack__outcome act-redpack__outcome--${outcome.amount ? 'win' : 'miss'}`}>
          {outcome.amount ? `抢到 ${outcome.amount} 慧币` : outcome.msg}
        </Text>
      ) : store.restoring ? (
        // whether this viewer took it already is being asked: neither 抢 nor an amount yet
        <Text className='act-redpack__outcome act-redpack__outcome--asking'>查询中…</Text>
      ) : over ? (
        <Text className='act-redpack__outcome act-redpack__outcome--over'>{over}</Text>
      ) : (
        <View className='act-redpack__draw' {...buttonProps('抢红包')} onClick={() => void store.draw()}>
          抢
        </View>
      )}
      {remain > 0 && !expired ? <TimeLeft endSec={rp.end_time} suffix=' 失效' className='act-redpack__left' /> : null}
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
