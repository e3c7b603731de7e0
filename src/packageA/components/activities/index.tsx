import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { buttonProps } from './aria'
import { stageFor, type StageStore } from './stage'
import type { ActivityKind } from './types'
import './index.scss'

/** The chip names of stacked activities. */
const LABELS: Record<ActivityKind, string> = { vote: '投票', quiz: '答题', lottery: '抽奖', rain: '红包雨', redpack: '红包', goods: '商品' }

function useStage(roomId: number): StageStore {
  const stage = stageFor(roomId)
  useEffect(() => {
    stage.enter()
    return () => stage.leave()
  }, [stage])
  return stage
}

const Slot = observer(function Slot({ stage, kind }: { stage: StageStore; kind: ActivityKind }) {
  const mod = stage.modules[kind]
  const store = stage.stores[kind]
  if (!mod || !store) return null
  const View_ = mod.View
  return <View_ store={store} roomId={stage.roomId} onClose={() => stage.close(kind)} />
})

/**
 * The activity stage of a live room: the newest running activity as a card, the others as chips that
 * bring theirs to the front. Modules load when their first activity arrives (stage.ts, modules*.ts).
 */
// `afterVideo` is the H5 entry's (entry.h5.tsx: its chunk waits for the first video frame); here it changes nothing
export const ActivityStage = observer(function ActivityStage({ roomId }: { roomId: number; afterVideo?: boolean }) {
  const stage = useStage(roomId)
  const [front, ...rest] = stage.visible
  if (!front) return null
  return (
    <View className='activities' data-front={front}>
      {rest.length ? (
        <View className='activities__chips'>
          {rest.map((k) => (
            <View key={k} className='activities__chip' data-kind={k} {...buttonProps(`查看${LABELS[k]}`)} onClick={() => stage.surface(k)}>
              {LABELS[k]}
            </View>
          ))}
        </View>
      ) : null}
      <Slot stage={stage} kind={front} />
    </View>
  )
})

/** The room's 商品 tab (R3.41, R7.100): loads the goods module when it opens. */
export const GoodsTab = observer(function GoodsTab({ roomId }: { roomId: number }) {
  const stage = useStage(roomId)
  const [error, setError] = useState('')
  useEffect(() => {
    stage
      .load('goods')
      .then((s) => s.open?.())
      .catch(() => setError('商品加载失败'))
  }, [stage])
  const Tab = stage.modules.goods?.TabView
  const store = stage.stores.goods
  if (error) return <Text className='activities__empty'>{error}</Text>
  if (!Tab || !store) return <Text className='activities__empty'>加载中</Text>
  return <Tab store={store} roomId={roomId} />
})
