import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { afterFirstFrame } from '@/packageA/components/player/first-frame'
import { useChunkState } from '@/hooks/use-chunk'
import { ChunkRetry } from '@/packageA/components/chunk-retry'
import { lazyChunk } from '@/utils/chunk'
import { stageFor } from './stage'

import type { StageProps } from './index'

export { ActivitiesTab, runningActivities } from './running'

/**
 * H5: the room's stage host (stage.ts: the activity pushes, the running activities' details, what shows) runs from the
 * live room's own chunk; the stage's cards (index.tsx, the card frame and its CSS) are a chunk of their own, fetched
 * when the host first has an activity to show or the 商品 tab opens. A room without activities (most of them) never
 * loads it. entry.tsx is the mini-program's variant.
 */
const loadHost = lazyChunk(() => import(/* webpackChunkName: "act-stage" */ './index'))

/**
 * The host enters the room (its pushes and the running activities' details) as the stage mounts, or, in a room whose
 * video is starting (`afterVideo`), at its first frame (player/first-frame.ts); it leaves with the stage.
 */
function useEntered(roomId: number, afterVideo = false): boolean {
  const [entered, setEntered] = useState(false)
  useEffect(() => {
    const stage = stageFor(roomId)
    let mounted = true
    let inside = false
    void (afterVideo ? afterFirstFrame() : Promise.resolve()).then(() => {
      if (!mounted) return
      stage.enter()
      inside = true
      setEntered(true)
    })
    return () => {
      mounted = false
      if (inside) stage.leave()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the host enters once, when the room mounts
  }, [roomId])
  return entered
}

export const ActivityStage = observer(function ActivityStage({ afterVideo, ...props }: StageProps) {
  const entered = useEntered(props.roomId, afterVideo)
  const chunk = useChunkState(loadHost, entered && stageFor(props.roomId).visible.length > 0)
  if (chunk.module) return <chunk.module.ActivityStage {...props} />
  if (!chunk.failed) return null
  // where the cards would be: over the chat's top (the live page's rules for .activities), or over the video in full
  // screen
  return (
    <ChunkRetry
      text='互动加载失败'
      onRetry={chunk.retry}
      className={props.compact ? 'chunk-retry--compact' : 'activities'}
    />
  )
})

export function GoodsTab({ roomId }: { roomId: number }) {
  const chunk = useChunkState(loadHost, true)
  if (chunk.module) return <chunk.module.GoodsTab roomId={roomId} />
  return chunk.failed ? (
    <ChunkRetry text='商品加载失败' onRetry={chunk.retry} />
  ) : (
    <Text className='activities__empty'>加载中</Text>
  )
}
