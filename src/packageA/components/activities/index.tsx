import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { buttonProps } from './aria'
import { ACTIVITY_LABELS } from './running'
import { stageFor, type StageStore } from './stage'
import type { ActivityKind } from './types'
import './index.scss'

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

export interface StageProps {
  roomId: number
  /** H5: the stage's chunk waits for the video's first frame (entry.h5.tsx); here it changes nothing */
  afterVideo?: boolean
  /** in full screen: a chip over the video that opens the card */
  compact?: boolean
  /** told whether a card shows (the live room marks itself `live--activity` meanwhile) */
  onShown?: (shown: boolean) => void
}

/**
 * The activity stage of a live room: the newest running activity as a card, the others as chips that
 * bring theirs to the front. Modules load when their first activity arrives (stage.ts, modules*.ts).
 * It sits below the player, never over the video; in full screen (`compact`) it is one chip over the side of the
 * video naming what is running, which opens the card there and closes it again.
 */
export const ActivityStage = observer(function ActivityStage({ roomId, compact, onShown }: StageProps) {
  const stage = useStage(roomId)
  const [open, setOpen] = useState(false)
  const [front, ...rest] = stage.visible
  const shown = !!front
  useEffect(() => onShown?.(shown), [shown]) // eslint-disable-line react-hooks/exhaustive-deps -- told when a card appears or goes, not when the callback's identity changes
  if (!front) return null
  if (compact && !open) {
    const names = stage.visible.map((k) => ACTIVITY_LABELS[k]).join('·')
    return (
      <View className='activities activities--compact' data-front={front}>
        <View
          className='activities__chip activities__chip--compact'
          data-kind={front}
          {...buttonProps(`查看互动：${names}`)}
          onClick={() => setOpen(true)}
        >
          {names}
        </View>
      </View>
    )
  }
  return (
    <View className={`activities${compact ? ' activities--side' : ''}`} data-front={front}>
      {compact ? (
        <View className='activities__fold' {...buttonProps('收起互动')} onClick={() => setOpen(false)}>
          收起
        </View>
      ) : null}
      {rest.length ? (
        <View className='activities__chips'>
          {rest.map((k) => (
            <View
              key={k}
              className='activities__chip'
              data-kind={k}
              {...buttonProps(`查看${ACTIVITY_LABELS[k]}`)}
              onClick={() => stage.surface(k)}
            >
              {ACTIVITY_LABELS[k]}
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
