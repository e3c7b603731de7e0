import { memo, useEffect, useState } from 'react'
import { formatDuration } from '@/utils/format'
import type { PlayerMenu } from './phase'
import { qualityLabel, qualityShort, speedLabel, type QualityOption } from './quality'

/**
 * The web player's control bar (used by index.h5.tsx only): native buttons, so Tab, Enter and Space and screen
 * readers work as they do everywhere, each named with the label viewers know (清晰度, 倍速, 弹幕设置, 画中画, 全屏,
 * 退出全屏). On-demand video has the progress row (a range input: arrows seek, a screen reader reads the time);
 * a live stream has its 直播 badge instead and no 倍速.
 */
export interface ControlsProps {
  video: HTMLVideoElement | null
  live: boolean
  visible: boolean
  paused: boolean
  fullscreen: boolean
  /** the danmaku controls, and whether danmaku are on */
  danmaku: boolean
  danmakuOn: boolean
  /** 清晰度 options (none: no control), the viewer's choice and the height playing */
  qualities: QualityOption[]
  quality: number
  playingHeight: number
  rate: number
  /** 画中画: none where the browser has no Picture-in-Picture API */
  pip: 'none' | 'off' | 'on'
  menu: PlayerMenu
  onTogglePlay(): void
  onSeek(seconds: number): void
  onMenu(menu: PlayerMenu): void
  onDanmaku(): void
  onPip(): void
  onFullscreen(): void
  /** any use of the bar keeps it shown */
  onActivity(): void
}

/** The position and length of the video, following its events (the bar re-renders, not the player). */
function usePosition(video: HTMLVideoElement | null, live: boolean) {
  const [pos, setPos] = useState({ current: 0, duration: 0 })
  useEffect(() => {
    if (!video || live) return undefined
    const update = () => setPos({ current: video.currentTime || 0, duration: Number.isFinite(video.duration) ? video.duration : 0 })
    update()
    const events = ['timeupdate', 'durationchange', 'seeking', 'loadedmetadata']
    events.forEach((e) => video.addEventListener(e, update))
    return () => events.forEach((e) => video.removeEventListener(e, update))
  }, [video, live])
  return pos
}

export const Controls = memo(function Controls(p: ControlsProps) {
  const { current, duration } = usePosition(p.video, p.live)
  const timeText = `${formatDuration(current)} / ${formatDuration(duration)}`
  const menuButton = (menu: Exclude<PlayerMenu, null>, label: string, text: string, className: string) => (
    <button
      type='button'
      className={`player__btn ${className}`}
      aria-label={label}
      aria-haspopup='dialog'
      aria-expanded={p.menu === menu ? 'true' : 'false'}
      onClick={() => p.onMenu(p.menu === menu ? null : menu)}
    >
      {text}
    </button>
  )
  return (
    <div
      className={`player__controls${p.visible ? ' player__controls--on' : ''}`}
      data-live={p.live ? '1' : '0'}
      onFocus={p.onActivity}
      onPointerDown={p.onActivity}
    >
      {!p.live && (
        <div className='player__progress-row'>
          <input
            className='player__progress'
            type='range'
            min={0}
            max={Math.max(1, Math.floor(duration))}
            step={1}
            value={Math.floor(current)}
            aria-label='播放进度'
            aria-valuetext={timeText}
            onChange={(e) => p.onSeek(Number((e.target as HTMLInputElement).value))}
          />
        </div>
      )}
      <div className='player__bar'>
        <button type='button' className='player__btn player__play' aria-label={p.paused ? '播放' : '暂停'} onClick={p.onTogglePlay}>
          {p.paused ? '▶' : '❚❚'}
        </button>
        {p.live ? <span className='player__live-badge'>直播</span> : <span className='player__time'>{timeText}</span>}
        <span className='player__spacer' />
        {p.danmaku && (
          <button
            type='button'
            className={`player__btn player__danmaku-toggle${p.danmakuOn ? ' player__danmaku-toggle--on' : ''}`}
            aria-label='弹幕'
            aria-pressed={p.danmakuOn ? 'true' : 'false'}
            onClick={p.onDanmaku}
          >
            弹
          </button>
        )}
        {p.danmaku && menuButton('danmaku', '弹幕设置', '弹幕设置', 'player__danmaku-settings')}
        {!p.live && menuButton('speed', `倍速：${speedLabel(p.rate)}`, p.rate === 1 ? '倍速' : `${p.rate}x`, 'player__speed')}
        {p.qualities.length > 0 &&
          menuButton('quality', `清晰度：${qualityLabel(p.quality)}`, qualityShort(p.quality), 'player__quality')}
        {p.pip !== 'none' && (
          <button type='button' className='player__btn player__pip' aria-pressed={p.pip === 'on' ? 'true' : 'false'} onClick={p.onPip}>
            画中画
          </button>
        )}
        <button type='button' className='player__btn player__fullscreen' onClick={p.onFullscreen}>
          {p.fullscreen ? '退出全屏' : '全屏'}
        </button>
      </div>
    </div>
  )
})
