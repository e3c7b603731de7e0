import { useEffect, useState } from 'react'
import { showToast } from '@/ui/overlay'
import { loadMenus, type Menus } from './menus-loader'
import type { PlayerMenu } from './play-state'
import type { QualityOption } from './quality'
import type { InfoRow } from './web-stream'

/** The open menu of a player, its module loaded on first use (menus-loader). */
export function MenuHost(p: {
  menu: PlayerMenu
  qualities: QualityOption[]
  quality: number
  rate: number
  /** 画中画 in the 更多 menu: none where there is no Picture-in-Picture API */
  pip?: 'none' | 'off' | 'on'
  onQuality: (height: number) => void
  onRate: (rate: number) => void
  onPip?: () => void
  onInfo?: () => void
  /** 播放信息's rows, read again every second while it is open */
  readInfo?: () => InfoRow[]
  onClose: () => void
}) {
  const [mod, setMod] = useState<Menus | null>(null)
  useEffect(() => {
    if (!p.menu || mod) return undefined
    let mounted = true
    loadMenus()
      .then((m) => mounted && setMod(m))
      .catch(() => {
        if (!mounted) return
        p.onClose()
        void showToast('加载失败，请稍后再试')
      })
    return () => {
      mounted = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the menus' module is loaded when a menu opens
  }, [p.menu])
  if (!p.menu || !mod) return null
  if (p.menu === 'quality')
    return <mod.QualityMenu options={p.qualities} current={p.quality} onChoose={p.onQuality} onClose={p.onClose} />
  if (p.menu === 'speed') return <mod.SpeedMenu rate={p.rate} onChoose={p.onRate} onClose={p.onClose} />
  if (p.menu === 'more')
    return (
      <mod.MoreMenu pip={p.pip ?? 'none'} onPip={() => p.onPip?.()} onInfo={() => p.onInfo?.()} onClose={p.onClose} />
    )
  if (p.menu === 'info') return <mod.InfoPanel read={() => p.readInfo?.() ?? []} onClose={p.onClose} />
  return <mod.DanmakuPanel onClose={p.onClose} />
}
