/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The media store against the reference server (a child process; no mock of Taro.request), and the pure schedule
 * rules.
 */
import { setItem } from '@/platform/storage'
import { MediaStore } from '@/stores/media'
import { addDays, cnDate, cnTime, currentIndex, normalizeSchedule, scheduleDays } from '@/stores/media-schedule'
import { countRequests, useReferenceServer } from '../support/reference-server'

const server = useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-media-tests')
})

function query(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries())
}

describe('schedule rules', () => {
  test('R4.23 an entry whose end is earlier than its start ends on the next day', () => {
    const day = '2024-05-01'
    const [a, b] = normalizeSchedule(
      [
        { date: day, start: '22:00', end: '23:30', title: '晚间新闻' },
        { date: day, start: '23:30', end: '01:00', title: '午夜剧场' }
      ],
      day
    )
    expect(a.nextDay).toBe(false)
    expect(a.endAt - a.startAt).toBe(90 * 60000)
    expect(b.nextDay).toBe(true)
    expect(b.endAt).toBe(cnTime(addDays(day, 1), '01:00'))
    expect(b.endAt - b.startAt).toBe(90 * 60000)
    // the programme crossing midnight is the current one at 00:30 the next day
    expect(currentIndex([a, b], cnTime('2024-05-02', '00:30'))).toBe(1)
  })

  test('R3.25 entries keep date, start and end; times are China time whatever the device zone', () => {
    const [e] = normalizeSchedule([{ date: '2024-05-01', start: '08:00', end: '09:00', title: '早间' }], '2024-05-01')
    expect(e).toMatchObject({ date: '2024-05-01', start: '08:00', end: '09:00', title: '早间' })
    expect(new Date(e.startAt).toISOString()).toBe('2024-05-01T00:00:00.000Z')
    expect(cnDate(Date.parse('2024-04-30T16:30:00Z'))).toBe('2024-05-01')
  })

  test('R2.45 the current programme is the one with start ≤ now < end; none outside every entry', () => {
    const day = '2024-05-01'
    const list = normalizeSchedule(
      [
        { date: day, start: '09:00', end: '10:00', title: 'B' },
        { date: day, start: '08:00', end: '09:00', title: 'A' }
      ],
      day
    )
    expect(list.map((e) => e.title)).toEqual(['A', 'B'])
    expect(currentIndex(list, cnTime(day, '09:00'))).toBe(1)
    expect(currentIndex(list, cnTime(day, '08:59'))).toBe(0)
    expect(currentIndex(list, cnTime(day, '11:00'))).toBe(-1)
  })

  test('R2.45 the date strip has 7 days, 3 back and 3 ahead, with 昨天 今天 明天', () => {
    const now = Date.parse('2024-05-01T04:00:00Z') // 12:00 China time
    const days = scheduleDays(now)
    expect(days.map((d) => d.date)).toEqual([
      '2024-04-28',
      '2024-04-29',
      '2024-04-30',
      '2024-05-01',
      '2024-05-02',
      '2024-05-03',
      '2024-05-04'
    ])
    expect(days.slice(2, 5).map((d) => d.label)).toEqual(['昨天', '今天', '明天'])
    expect(days[0].label).toBe('周日')
  })
})

describe('media store against the reference server', () => {
  test('R7.19 R7.25 R3.27 TV, radio and original-audio programmes fill programTV, programRadio and programAudioOriginal', async () => {
    const store = new MediaStore()
    const seen = countRequests(/api_mapp\.php\?.*a=media_programs/)
    try {
      await Promise.all([store.loadProgrammes('tv'), store.loadProgrammes('radio'), store.loadProgrammes('audio')])
      expect(seen.urls.map((u) => query(u).media).sort()).toEqual(['audio', 'radio', 'tv'])
      expect(seen.urls.every((u) => new URL(u).pathname === '/live/api_mapp.php')).toBe(true)
    } finally {
      seen.restore()
    }
    expect(store.programTV.length).toBeGreaterThan(0)
    expect(store.programTV.every((p) => p.media === 'tv')).toBe(true)
    expect(store.programRadio.every((p) => p.media === 'radio')).toBe(true)
    expect(store.programAudioOriginal.every((p) => p.media === 'audio')).toBe(true)
    expect(store.programAudioOriginal.length).toBeGreaterThan(0)
    expect(store.programState.tv).toEqual({ loading: false, error: null, loaded: true })
  })

  test('R7.18 R7.24 R3.27 the video list is a paged list sent with count and page', async () => {
    const store = new MediaStore()
    const seen = countRequests(/api_mapp\.php\?.*a=video_list_m2o/)
    try {
      await store.videoList.load()
      await store.videoList.load()
      expect(query(seen.urls[0])).toMatchObject({ a: 'video_list_m2o', count: '10', page: '1' })
      expect(query(seen.urls[1])).toMatchObject({ count: '10', page: '2' })
    } finally {
      seen.restore()
    }
    expect(store.videoList.list).toHaveLength(20)
    expect(store.videoList.currentPage).toBe(2)
    expect(store.videoList.total).toBeGreaterThan(20)
    expect(new Set(store.videoList.list.map((v) => v.id)).size).toBe(20)
  })

  test('R7.20 R3.25 R3.29 R4.23 schedules load by channel id and day, kept per channel id, with the current programme', async () => {
    const store = new MediaStore()
    await store.loadChannels()
    expect(store.channelsTV.length).toBeGreaterThan(0)
    expect(store.channelsRadio.length).toBeGreaterThan(0)
    const tv = store.channelsTV[0].id
    const radio = store.channelsRadio[0].id
    expect(store.selectedChannel).toEqual({ tv, radio })

    const today = cnDate(Date.now())
    const yesterday = addDays(today, -1)
    const seen = countRequests(/api_mapp\.php\?.*a=channel_schedule/)
    try {
      await store.loadSchedule(tv, today)
      await store.loadSchedule(tv, yesterday)
      await store.loadSchedule(radio, today)
      await store.loadSchedule(tv, today) // already kept: no second call
      expect(seen.urls.map(query)).toEqual([
        expect.objectContaining({ channelid: String(tv), day: today }),
        expect.objectContaining({ channelid: String(tv), day: yesterday }),
        expect.objectContaining({ channelid: String(radio), day: today })
      ])
    } finally {
      seen.restore()
    }
    expect(Array.from(store.channelSchedule.keys()).sort()).toEqual([tv, radio].sort())
    expect(Object.keys(store.channelSchedule.get(tv)!).sort()).toEqual([yesterday, today].sort())
    const entries = store.scheduleOf(tv, today)!
    expect(entries.length).toBeGreaterThan(3)
    expect(entries.every((e) => e.date === today && e.start && e.end)).toBe(true)
    // every entry ends after it starts; the ones written across midnight end on the next day (R4.23)
    expect(entries.every((e) => e.endAt > e.startAt)).toBe(true)
    for (const e of entries.filter((x) => x.end < x.start)) expect(cnDate(e.endAt)).toBe(addDays(today, 1))
    // the programme on air now is marked, and agrees with what the index says is on
    const idx = store.currentOf(tv, today)
    const current = store.channelsTV[0].current
    if (current) expect(entries[idx]?.title).toBe(current.title)
    else expect(idx).toBe(-1)
  })

  test('R7.20 a channel the server does not know gives an error state, not a crash', async () => {
    const store = new MediaStore()
    const list = await store.loadSchedule(999999, cnDate(Date.now()))
    expect(list).toEqual([])
    expect(store.scheduleStateOf(999999, cnDate(Date.now())).error).toBeTruthy()
  })

  test('R3.27 R7.13 a room entry is kept per room id', async () => {
    const store = new MediaStore()
    const rooms = (await (
      await fetch(`${server.origin}/api/v1/userapp/living/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"page":1,"count":3}'
      })
    ).json()) as { data: { list: Array<{ id: number }> } }
    const id = rooms.data.list[0].id
    const room = await store.loadRoom(id)
    expect(room?.id).toBe(id)
    expect(store.rooms.get(id)).toBe(room)
  })
})
