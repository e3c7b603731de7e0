import { useEffect, useState } from 'react'
import { showToast } from '@/ui/overlay'
import { loadMenus, type Menus } from './menus-loader'
import type { PlayerMenu } from './phase'
import type { QualityOption } from './quality'

/** The open menu of a player, its module loaded on first use (menus-loader). */
export function MenuHost(p: {
  menu: PlayerMenu
  qualities: QualityOption[]
  quality: number
  rate: number
  onQuality(height: number): void
  onRate(rate: number): void
  onClose(): void
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
  }, [p.menu])
  if (!p.menu || !mod) return null
  if (p.menu === 'quality') return <mod.QualityMenu options={p.qualities} current={p.quality} onChoose={p.onQuality} onClose={p.onClose} />
  if (p.menu === 'speed') return <mod.SpeedMenu rate={p.rate} onChoose={p.onRate} onClose={p.onClose} />
  return <mod.DanmakuPanel onClose={p.onClose} />
}
