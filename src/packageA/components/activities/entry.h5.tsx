import { Text } from '@tarojs/components'
import { useEffect, useState } from 'react'

type Host = typeof import('./index')

let host: Promise<Host> | null = null

/**
 * H5: the stage host (stage.ts, src/api/activity.ts, the card frame and its CSS) is its own chunk, fetched once the
 * room's page has rendered with its room info (issue 11 item 1: the live room's first-load JS does not carry it).
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

function useHost(): Host | null {
  const [mod, setMod] = useState<Host | null>(null)
  useEffect(() => {
    let mounted = true
    loadHost()
      .then((m) => mounted && setMod(m))
      .catch(() => undefined)
    return () => {
      mounted = false
    }
  }, [])
  return mod
}

export function ActivityStage({ roomId }: { roomId: number }) {
  const mod = useHost()
  return mod ? <mod.ActivityStage roomId={roomId} /> : null
}

export function GoodsTab({ roomId }: { roomId: number }) {
  const mod = useHost()
  return mod ? <mod.GoodsTab roomId={roomId} /> : <Text className='activities__empty'>加载中</Text>
}
