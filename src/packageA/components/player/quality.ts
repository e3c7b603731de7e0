import { makeAutoObservable } from 'mobx'
import { getItem, setItem } from '@/platform/storage'

/**
 * 清晰度: the renditions a stream offers, named as viewers know them (自动, 高清 720P, 标清 360P …), and the viewer's
 * choice, remembered on the device for their next videos. A stream with one rendition offers no choice.
 */
/** The height that means 自动 (the player chooses by bandwidth). */
export const AUTO = 0

export interface QualityOption {
  /** the rendition's height in pixels; AUTO for 自动 */
  height: number
  label: string
}

export function qualityLabel(height: number): string {
  if (height === AUTO) return '自动'
  if (height >= 2160) return `4K ${height}P`
  if (height >= 1080) return `超清 ${height}P`
  if (height >= 720) return `高清 ${height}P`
  if (height >= 480) return `清晰 ${height}P`
  return `标清 ${height}P`
}

/** The short name on the player's button: 自动, 720P … */
export function qualityShort(height: number): string {
  return height === AUTO ? '自动' : `${height}P`
}

/** 自动 then each height once, highest first; none when fewer than two renditions (nothing to choose). */
export function qualityOptions(heights: readonly number[]): QualityOption[] {
  const distinct = Array.from(new Set(heights.filter((h) => Number.isFinite(h) && h > 0))).sort((a, b) => b - a)
  if (distinct.length < 2) return []
  return [AUTO, ...distinct].map((height) => ({ height, label: qualityLabel(height) }))
}

/**
 * The rendition to play for a preferred height: the same height, else the highest below it, else the lowest; -1 for
 * 自动 (or no renditions).
 */
export function levelFor(heights: readonly number[], preferred: number): number {
  if (preferred === AUTO || !heights.length) return -1
  let best = -1
  heights.forEach((h, i) => {
    if (h <= preferred && (best < 0 || h > heights[best])) best = i
  })
  if (best >= 0) return best
  return heights.reduce((lowest, h, i) => (h < heights[lowest] ? i : lowest), 0)
}

export const QUALITY_KEY = 'player_quality'

/** The viewer's 清晰度 choice, kept through the storage helper (R3.57's record shape). */
class QualityPreference {
  height: number

  constructor() {
    const saved = Number(getItem<number>(QUALITY_KEY))
    this.height = Number.isFinite(saved) && saved >= 0 ? saved : AUTO
    makeAutoObservable(this)
  }

  choose(height: number) {
    this.height = height
    setItem(QUALITY_KEY, height)
  }
}

export const qualityPreference = new QualityPreference()

/** 倍速: on-demand only, never live. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const

export function speedLabel(rate: number): string {
  return rate === 1 ? '正常' : `${rate}x`
}
