import { formatDuration } from '@/utils/format'
import { fragmentsOf, timeOfDate } from '@/utils/media-dates'
import { qualityShort } from './quality'

/**
 * What the web player reads of its stream (used by index.h5.tsx only): where the wall clock is in the media time of a
 * live stream (each segment's EXT-X-PROGRAM-DATE-TIME, which hls.js keeps on its fragments; Safari's native HLS gives
 * the date of time 0), the time-shift window, and the figures of 播放信息.
 */
type HlsInstance = import('hls.js').default

/** The media time of a wall-clock moment on this player: hls.js's fragments, or Safari's start date. */
export function mediaTimeOf(video: HTMLVideoElement, hls: HlsInstance | null, ms: number): number | null {
  if (hls) return timeOfDate(fragmentsOf(hls), ms)
  const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.()
  const origin = start ? start.getTime() : NaN
  if (!Number.isFinite(origin)) return null
  const t = (ms - origin) / 1000
  const { seekable } = video
  return seekable.length && t >= seekable.start(0) && t <= seekable.end(seekable.length - 1) ? t : null
}

/** The live window the viewer can seek in: [start, end] seconds of media time, end the live edge. */
export function liveWindow(video: HTMLVideoElement): { start: number; end: number } | null {
  const { seekable } = video
  if (!seekable.length) return null
  return { start: seekable.start(0), end: seekable.end(seekable.length - 1) }
}

/** Seconds of video buffered ahead of the playhead. */
export function forwardBuffer(video: HTMLVideoElement): number {
  const t = video.currentTime
  for (let i = 0; i < video.buffered.length; i++) {
    if (video.buffered.start(i) <= t + 0.1 && t <= video.buffered.end(i)) return Math.max(0, video.buffered.end(i) - t)
  }
  return 0
}

export interface InfoRow {
  label: string
  value: string
}

/** 播放信息: what viewers of the players they know can read about what plays. */
export function playbackInfo(
  video: HTMLVideoElement,
  hls: HlsInstance | null,
  live: boolean,
  latency: number | null,
  quality: number
): InfoRow[] {
  const rows: InfoRow[] = []
  const level = hls ? hls.levels[hls.currentLevel] : undefined
  const height = video.videoHeight || level?.height || 0
  const details = level?.details
  if (live) rows.push({ label: '延迟', value: latency !== null ? `${latency.toFixed(1)} 秒` : '—' })
  rows.push({
    label: '清晰度',
    value: `${quality ? qualityShort(quality) : '自动'}${height ? `（播放 ${height}P）` : ''}`
  })
  if (video.videoWidth) rows.push({ label: '分辨率', value: `${video.videoWidth}×${video.videoHeight}` })
  if (level?.bitrate) rows.push({ label: '码率', value: `${Math.round(level.bitrate / 1000)} kbps` })
  rows.push({ label: '缓冲', value: `${forwardBuffer(video).toFixed(1)} 秒` })
  const q = typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality() : null
  if (q) rows.push({ label: '丢帧', value: `${q.droppedVideoFrames} / ${q.totalVideoFrames}` })
  if (live) rows.push({ label: '协议', value: details?.partList?.length ? '低延迟 HLS（LL-HLS）' : 'HLS' })
  if (!live && Number.isFinite(video.duration)) rows.push({ label: '时长', value: formatDuration(video.duration) })
  return rows
}
