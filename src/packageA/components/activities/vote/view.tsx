import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { buttonProps } from '../aria'
import { ActivityCard } from '../card'
import type { ViewProps } from '../types'
import type { VoteStore } from './store'
import './view.scss'

/** The vote card: options to tap, then every option's count and share (results shown once voted or ended). */
export const VoteView = observer(function VoteView({ store, onClose }: ViewProps<VoteStore>) {
  const vote = store.vote
  if (!vote) return null
  const results = !!store.mine || vote.status === 0
  const total = store.total
  return (
    <ActivityCard kind='vote' label='投票' title={vote.title} onClose={onClose}>
      {vote.options.map((o) => {
        const pct = total ? Math.round((o.vote * 100) / total) : 0
        return (
          <View
            key={o.id}
            className={`act-vote__option${store.mine === o.id ? ' act-vote__option--mine' : ''}`}
            data-option={o.id}
            {...buttonProps(results ? `${o.title} ${o.vote}票` : `投给${o.title}`)}
            onClick={() => void store.cast(o.id)}
          >
            <Text className='act-vote__title'>{o.title}</Text>
            {results ? (
              <>
                <View className='act-vote__bar' style={{ width: `${pct}%` }} />
                <Text className='act-vote__count'>{o.vote}</Text>
              </>
            ) : null}
          </View>
        )
      })}
      <Text className='act-vote__foot'>
        {store.mine ? '已投票' : vote.status === 0 ? '投票已结束' : '每人限投一票'}
      </Text>
    </ActivityCard>
  )
})
