import { getItem, setItem } from '@/platform/storage'
import { watchHistory } from '@/stores/watch-history'
import { formatDuration } from '@/utils/format'

/**
 * Where the viewer stopped each on-demand video (playbacks, programmes, videos), kept on the device through the storage
 * helper for the last RESUME_MAX videos by id (the oldest forgotten first). Opening one again starts there with a
 * toast; one watched to within RESUME_END_MARGIN seconds of its end starts from the beginning, as do positions under
 * RESUME_MIN seconds (nothing worth a toast).
 */
export const RESUME_KEY = 'player_resume'
export const RESUME_MAX = 100
export const RESUME_END_MARGIN = 5
export const RESUME_MIN = 3

/** [id, position s, duration s] newest last */
type Entry = [string, number, number]

function read(): Entry[] {
  const list = getItem<unknown>(RESUME_KEY)
  if (!Array.isArray(list)) return []
  return list.filter(
    (e): e is Entry => Array.isArray(e) && typeof e[0] === 'string' && Number.isFinite(e[1]) && Number.isFinite(e[2])
  )
}

/** The position to start a video at: where it stopped, or null to start from the beginning. */
export function resumePosition(id: string): number | null {
  const entry = read().find((e) => e[0] === id)
  if (!entry) return null
  const [, position, duration] = entry
  if (position < RESUME_MIN) return null
  if (duration > 0 && duration - position <= RESUME_END_MARGIN) return null
  return position
}

/** Remembers where a video stopped (it becomes the newest of the list), and its 观看历史 entry's progress. */
export function savePosition(id: string, position: number, duration: number) {
  if (!id || !Number.isFinite(position) || position < 0) return
  const list = read().filter((e) => e[0] !== id)
  list.push([id, Math.floor(position * 10) / 10, Number.isFinite(duration) ? Math.floor(duration * 10) / 10 : 0])
  setItem(RESUME_KEY, list.slice(-RESUME_MAX))
  watchHistory.progress(id, position, duration)
}

/** The toast shown when a video starts where the viewer stopped. */
export function resumeToast(position: number): string {
  return `已为你定位到上次观看位置 ${formatDuration(position)}`
}
