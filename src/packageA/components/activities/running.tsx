import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { buttonProps } from './aria'
import { stageFor } from './stage'
import type { ActivityKind } from './types'
import './running.scss'

/** Each kind's name: on the stage's chips, and in the room's 互动 tab. */
export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  vote: '投票',
  quiz: '答题',
  lottery: '抽奖',
  rain: '红包雨',
  redpack: '红包',
  goods: '商品'
}

/** The room's activities with something to show, newest first, a closed card's too (the stage host's, stage.ts). */
export function runningActivities(roomId: number): ActivityKind[] {
  const stage = stageFor(roomId)
  return stage.order.filter((k) => stage.stores[k]?.showing)
}

/**
 * The room's 互动 tab: its running activities, each bringing its card to the front of the stage (a closed one
 * comes back). The room hides the tab while nothing runs.
 */
export const ActivitiesTab = observer(function ActivitiesTab({ roomId }: { roomId: number }) {
  const kinds = runningActivities(roomId)
  if (!kinds.length) return <Text className='activities-tab__empty'>暂无进行中的互动</Text>
  return (
    <View className='activities-tab'>
      {kinds.map((k) => (
        <View
          key={k}
          className='activities-tab__item'
          data-kind={k}
          {...buttonProps(`查看${ACTIVITY_LABELS[k]}`)}
          onClick={() => stageFor(roomId).surface(k)}
        >
          <Text className='activities-tab__name'>{ACTIVITY_LABELS[k]}</Text>
          <Text className='activities-tab__state'>进行中 · 查看</Text>
        </View>
      ))}
    </View>
  )
})
