import { Text } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { afterFirstFrame } from '@/packageA/components/player/first-frame'

import type { StageProps } from './index'

type Host = typeof import('./index')

let host: Promise<Host> | null = null

/**
 * H5: the stage host (stage.ts, src/api/activity.ts, the card frame and its CSS) is its own chunk, fetched once the
 * room's page has rendered with its room info (the live room's first-load JS does not carry it).
 * A push cannot be missed meanwhile: the host subscribes first and then fetches every running activity's detail.
 * entry.tsx is the mini-program's variant.
 */
export function loadHost(): Promise<Host> {
  if (!host) {
    host = import(/* webpackChunkName: "act-stage" */ './index')
    host.catch(() => (host = null)) // a failed chunk load is tried again by the next mount
  }
  return host
}

/** `afterVideo`: in a room whose video is starting, the chunk waits for its first frame (player/first-frame.ts). */
function useHost(afterVideo = false): Host | null {
  const [mod, setMod] = useState<Host | null>(null)
  useEffect(() => {
    let mounted = true
    ;(afterVideo ? afterFirstFrame() : Promise.resolve())
      .then(loadHost)
      .then((m) => mounted && setMod(m))
      .catch(() => undefined)
    return () => {
      mounted = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the stage loads once, when the room mounts
  }, [])
  return mod
}

export function ActivityStage({ afterVideo, ...props }: StageProps) {
  const mod = useHost(afterVideo)
  return mod ? <mod.ActivityStage {...props} /> : null
}

export function GoodsTab({ roomId }: { roomId: number }) {
  const mod = useHost()
  return mod ? <mod.GoodsTab roomId={roomId} /> : <Text className='activities__empty'>加载中</Text>
}
