/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import { HomeStore } from '@/stores/home'
import type { PlaybackItem } from '@/api/home'
import { UNKNOWN_DATA } from '@/stores/paged-list'
import { configureRequest } from '@/core/request'
import { startFaultServer } from '../support/fault-server'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { hostsAt } from '../support/hosts'

const server = useReferenceServer()

describe('home store against the reference server', () => {
  test('R3.26 R7.10 R4.11 the index fills menu, notices, streamers, top playbacks, TV and radio; topRooms is its on-air liveRooms', async () => {
    const r = await fetch(`${server.origin}/api/v1/userapp/index`, { method: 'POST' })
    const index = (
      (await r.json()) as { data: Record<string, unknown> & { liveRooms: { id: number; onair: number }[] } }
    ).data
    expect(index).not.toHaveProperty('topRooms') // the spec's index response has no topRooms
    const onAir = index.liveRooms.filter((room) => room.onair === 1).map((room) => room.id)
    expect(onAir.length).toBeGreaterThan(0)

    const home = new HomeStore()
    await home.loadIndex()
    expect(home.indexError).toBeNull()
    expect(home.menu.length).toBeGreaterThan(0)
    expect(home.notices.length).toBeGreaterThan(0)
    expect(home.topRooms.map((room) => room.id)).toEqual(onAir)
    expect(home.streamers.length).toBeGreaterThan(0)
    expect(home.topPlaybacks.length).toBeGreaterThan(0)
    expect(home.channelsTV.every((c) => c.type === 'tv')).toBe(true)
    expect(home.channelsRadio.every((c) => c.type === 'radio')).toBe(true)
    expect(home.channelsTV.length + home.channelsRadio.length).toBeGreaterThan(0)
  })

  test('R3.26 R4.11 topRooms keeps only the index liveRooms on air (status 1), in their order: fault server', async () => {
    const fault = await startFaultServer()
    configureRequest({ hosts: hostsAt(fault.origin) })
    try {
      const soon = Math.floor(Date.now() / 1000) + 3600
      const liveRooms = [
        { id: 1, title: '预告', onair: 0, start_time: soon }, // status 2
        { id: 2, title: '直播中', onair: 1, start_time: soon - 7200 }, // status 1
        { id: 3, title: '已结束', onair: 0, start_time: soon - 90000 }, // status 0
        { id: 4, title: '也在直播', onair: 1 } // status 1
      ]
      fault.answers.set('/api/v1/userapp/index', {
        code: 1,
        msg: 'success',
        data: {
          menu: [],
          notices: [],
          liveRooms,
          streamers: [],
          topPlaybacks: [],
          playbacks: [],
          channels: { tv: [], radio: [] }
        }
      })
      const home = new HomeStore()
      await home.loadIndex()
      expect(home.indexError).toBeNull()
      expect(home.topRooms.map((r) => r.id)).toEqual([2, 4])
    } finally {
      configureRequest({
        hosts: hostsAt(server.origin)
      })
      await fault.close()
    }
  })

  test('R4.21 R7.11 the slides are fetched only once', async () => {
    const home = new HomeStore()
    const slides = countRequests(/api_mapp\.php\?.*a=slides/)
    try {
      await home.loadSlides()
      await home.refresh()
      await home.loadSlides()
      expect(slides.count).toBe(1)
      expect(home.slides.length).toBeGreaterThan(0)
      expect(slides.urls[0]).toContain('/live/api_mapp.php?')
    } finally {
      slides.restore()
    }
  })

  test('R4.22 home playbacks are filled from the index only while still empty', async () => {
    const home = new HomeStore()
    await home.loadIndex()
    const fromIndex = home.playbacks.list.map((p) => p.id)
    expect(fromIndex.length).toBeGreaterThan(0)
    await home.playbacks.load({ reset: true })
    const page1 = home.playbacks.list.map((p) => p.id)
    home.playbacks.seed([{ id: 999999, title: 'x' } as PlaybackItem])
    await home.loadIndex()
    expect(home.playbacks.list.map((p) => p.id)).toEqual(page1)
  })

  test('R7.12 R7.22 R4.14 live rooms page through living/list, 10 a page, until no more data', async () => {
    const home = new HomeStore()
    await home.loadList('liveRooms')
    expect(home.liveRooms.list).toHaveLength(10)
    expect(home.liveRooms.totalPage).toBeGreaterThan(1)
    const total = home.liveRooms.total
    let guard = 0
    while (home.liveRooms.hasMore && guard++ < 20) await home.loadList('liveRooms')
    expect(home.liveRooms.list).toHaveLength(total)
    expect(new Set(home.liveRooms.list.map((r) => r.id)).size).toBe(total)
    await expect(home.loadList('liveRooms')).resolves.toBe('no more data')
  })

  test('R7.14 R7.16 R7.23 recommended playbacks and events load their lists', async () => {
    const home = new HomeStore()
    await home.loadList('playbacksRecommended')
    await home.loadList('events')
    expect(home.playbacksRecommended.list.length).toBeGreaterThan(0)
    expect(home.events.list.length).toBeGreaterThan(0)
  })

  test('R4.19 an unknown list rejects with unknown data', async () => {
    await expect(new HomeStore().loadList('gifts')).rejects.toThrow(UNKNOWN_DATA)
  })
})
