import { memo, useEffect, useState } from 'react'
import { formatDuration } from '@/utils/format'
import type { PlayerMenu } from './play-state'
import { qualityLabel, qualityShort, speedLabel, type QualityOption } from './quality'

/**
 * The web player's control bar (used by index.h5.tsx only): native buttons, so Tab, Enter and Space and screen
 * readers work as they do everywhere, each named with the label viewers know (清晰度, 倍速, 弹幕设置, 全屏, 退出全屏;
 * 画中画 and 播放信息 under 更多). On-demand video has the progress row (a range input: arrows seek, a screen reader
 * reads the time). A live stream has its 直播 badge and no 倍速; one with a time-shift window (回看) has the progress
 * row over that window, with its programmes marked, and 回到直播 while the viewer is behind.
 */
export interface Timeshift {
  /** the window, seconds of media time; end is the live edge */
  start: number
  end: number
  current: number
  /** further behind the edge than the player's own latency */
  behind: boolean
  /** programmes inside the window, at their media time */
  marks: { title: string; at: number }[]
}

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
  /** a live stream's time-shift window; null without one */
  timeshift: Timeshift | null
  menu: PlayerMenu
  onTogglePlay: () => void
  onSeek: (seconds: number) => void
  /** back to the live edge (回到直播) */
  onLive: () => void
  onMenu: (menu: PlayerMenu) => void
  onDanmaku: () => void
  onFullscreen: () => void
  /** any use of the bar keeps it shown */
  onActivity: () => void
}

/** The position and length of the video, following its events (the bar re-renders, not the player). */
function usePosition(video: HTMLVideoElement | null, live: boolean) {
  const [pos, setPos] = useState({ current: 0, duration: 0 })
  useEffect(() => {
    if (!video || live) return undefined
    const update = () =>
      setPos({ current: video.currentTime || 0, duration: Number.isFinite(video.duration) ? video.duration : 0 })
    update()
    const events = ['timeupdate', 'durationchange', 'seeking', 'loadedmetadata']
    events.forEach((e) => video.addEventListener(e, update))
    return () => events.forEach((e) => video.removeEventListener(e, update))
  }, [video, live])
  return pos
}

/** How far behind the live edge, as a viewer reads it: -05:23. */
function behindText(t: Timeshift): string {
  return `-${formatDuration(Math.max(0, t.end - t.current))}`
}

/** The progress row: a range over the video (on demand) or the time-shift window (live), programmes marked. */
function ProgressRow({
  min,
  max,
  value,
  label,
  valueText,
  marks,
  onSeek
}: {
  min: number
  max: number
  value: number
  label: string
  valueText: string
  marks?: Timeshift['marks']
  onSeek: (t: number) => void
}) {
  const span = Math.max(1, max - min)
  return (
    <div className='player__progress-row'>
      <div className='player__progress-track'>
        <input
          className='player__progress'
          type='range'
          min={Math.floor(min)}
          max={Math.max(Math.floor(min) + 1, Math.floor(max))}
          step={1}
          value={Math.floor(value)}
          aria-label={label}
          aria-valuetext={valueText}
          onChange={(e) => onSeek(Number(e.target.value))}
        />
        {(marks || []).map((m) => (
          <span
            key={`${m.at}-${m.title}`}
            className='player__chapter'
            style={{ left: `${((m.at - min) / span) * 100}%` }}
            title={m.title}
            aria-hidden='true'
          />
        ))}
      </div>
    </div>
  )
}

export const Controls = memo(function Controls(p: ControlsProps) {
  const { current, duration } = usePosition(p.video, p.live)
  const timeText = `${formatDuration(current)} / ${formatDuration(duration)}`
  const ts = p.timeshift
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
        <ProgressRow min={0} max={duration} value={current} label='播放进度' valueText={timeText} onSeek={p.onSeek} />
      )}
      {ts && (
        <ProgressRow
          min={ts.start}
          max={ts.end}
          value={ts.current}
          label='回看进度'
          valueText={ts.behind ? `比直播晚 ${behindText(ts).slice(1)}` : '直播中'}
          marks={ts.marks}
          onSeek={p.onSeek}
        />
      )}
      <div className='player__bar'>
        <button
          type='button'
          className='player__btn player__play'
          aria-label={p.paused ? '播放' : '暂停'}
          onClick={p.onTogglePlay}
        >
          {p.paused ? '▶' : '❚❚'}
        </button>
        {!p.live ? (
          <span className='player__time'>{timeText}</span>
        ) : ts?.behind ? (
          <>
            <span className='player__time'>{behindText(ts)}</span>
            <button type='button' className='player__btn player__go-live' onClick={p.onLive}>
              回到直播
            </button>
          </>
        ) : (
          <span className='player__live-badge'>直播</span>
        )}
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
        {!p.live &&
          menuButton('speed', `倍速：${speedLabel(p.rate)}`, p.rate === 1 ? '倍速' : `${p.rate}x`, 'player__speed')}
        {p.qualities.length > 0 &&
          menuButton('quality', `清晰度：${qualityLabel(p.quality)}`, qualityShort(p.quality), 'player__quality')}
        <button type='button' className='player__btn player__fullscreen' onClick={p.onFullscreen}>
          {p.fullscreen ? '退出全屏' : '全屏'}
        </button>
        {menuButton('more', '更多', '⋯', 'player__more')}
      </div>
    </div>
  )
})
