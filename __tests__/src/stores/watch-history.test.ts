import { getItem, setItem } from '@/platform/storage'
import { savePosition } from '@/packageA/components/player/resume'
import {
  HISTORY_KEY,
  HISTORY_MAX,
  WatchHistory,
  progressRatio,
  progressText,
  watchHistory
} from '@/stores/watch-history'

beforeEach(() => {
  localStorage.clear()
  watchHistory.load()
})

const video = (n: number) => ({
  id: `playback:${n}`,
  title: `回看 ${n}`,
  cover: `https://img.example.test/${n}.jpg`,
  page: 'playback' as const,
  query: { id: n }
})

describe('观看历史 (the device’s own record of on-demand videos)', () => {
  test('a video that plays becomes the newest entry with its title and cover; playing it again moves it up', () => {
    let now = 1000
    const history = new WatchHistory(() => now)
    history.watched(video(1))
    now = 2000
    history.watched(video(2))
    expect(history.entries.map((e) => e.id)).toEqual(['playback:2', 'playback:1'])
    now = 3000
    history.watched({ ...video(1), title: '改过的标题' })
    expect(history.entries.map((e) => [e.id, e.title, e.at])).toEqual([
      ['playback:1', '改过的标题', 3000],
      ['playback:2', '回看 2', 2000]
    ])
    // kept on the device: a new instance (the next launch) reads the same list
    expect(new WatchHistory().entries.map((e) => e.id)).toEqual(['playback:1', 'playback:2'])
  })

  test('the resume positions the player saves are the entries’ progress: 已看 35%, then 已看完 near the end', () => {
    watchHistory.watched(video(5003))
    savePosition('playback:5003', 21, 60)
    expect(watchHistory.entries[0]).toMatchObject({ position: 21, duration: 60 })
    expect(progressText(watchHistory.entries[0])).toBe('已看 35%')
    expect(progressRatio(watchHistory.entries[0])).toBeCloseTo(0.35)
    savePosition('playback:5003', 57, 60)
    expect(progressText(watchHistory.entries[0])).toBe('已看完')
    // a position of a video never listed (no page asked for history) adds nothing
    savePosition('video:9', 10, 100)
    expect(watchHistory.entries.map((e) => e.id)).toEqual(['playback:5003'])
    expect(getItem<unknown[]>(HISTORY_KEY)).toHaveLength(1)
  })

  test('progress texts: a started video counts at least 1 %, an unknown length shows the time watched', () => {
    expect(progressText({ position: 0.2, duration: 600 })).toBe('已看 1%')
    expect(progressText({ position: 130, duration: 0 })).toBe('已看 02:10')
    expect(progressText({ position: 594, duration: 600 })).toBe('已看 99%')
    expect(progressText({ position: 596, duration: 600 })).toBe('已看完')
  })

  test('删除 removes one entry, 清空 all; at most HISTORY_MAX entries, the oldest dropped; a damaged record reads as empty', () => {
    for (let n = 0; n < HISTORY_MAX + 3; n++) watchHistory.watched(video(n))
    expect(watchHistory.entries).toHaveLength(HISTORY_MAX)
    expect(watchHistory.entries.at(-1)!.id).toBe('playback:3')
    watchHistory.remove('playback:50')
    expect(watchHistory.entries.some((e) => e.id === 'playback:50')).toBe(false)
    watchHistory.clear()
    expect(watchHistory.entries).toEqual([])
    expect(new WatchHistory().entries).toEqual([])
    setItem(HISTORY_KEY, [{ id: 1 }, 'x', { ...video(7), position: 1, duration: 2, at: 3 }])
    expect(new WatchHistory().entries.map((e) => e.id)).toEqual(['playback:7'])
  })
})
