/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import Taro from '@tarojs/taro'
import {
  HISTORY_KEY,
  HISTORY_LIMIT,
  SEARCH_KINDS,
  SEARCH_TABS,
  SLOW_LIVE_KEYWORD,
  SearchStore,
  addToHistory,
  cleanKeyword,
  highlightParts,
  type SearchTab
} from '@/packageB/pages/search/store'
import { configureRequest } from '@/core/request'
import { countRequests, holdAnswers, useReferenceServer } from '../support/reference-server'
import { sleep, until } from '../support/wait'
import { hostsAt } from '../support/hosts'

const server = useReferenceServer()

beforeEach(() => localStorage.clear())

async function settled(store: SearchStore, tab: SearchTab = store.tab) {
  const kind = tab === 'all' ? 'streamer' : tab
  const list = store.results[kind]
  for (let i = 0; i < 250 && (tab === 'all' ? store.allLoading : list.loading); i++)
    await new Promise((r) => setTimeout(r, 20))
  return list
}

describe('search rules', () => {
  test('R2.48 result tabs: 综合 first, then streamer, live, preview, playback shown as 主播 直播 活动 视频', () => {
    expect(SEARCH_TABS).toEqual([
      { kind: 'all', label: '综合' },
      { kind: 'streamer', label: '主播' },
      { kind: 'live', label: '直播' },
      { kind: 'preview', label: '活动' },
      { kind: 'playback', label: '视频' }
    ])
  })

  test('R4.43 R9.5 history keeps trimmed non-empty keywords, unique, newest first, at most 10', () => {
    let h: string[] = []
    for (let i = 1; i <= 12; i++) h = addToHistory(h, ` 词${i} `)
    expect(h).toHaveLength(HISTORY_LIMIT)
    expect(HISTORY_LIMIT).toBe(10)
    expect(h[0]).toBe('词12')
    expect(h[9]).toBe('词3')
    h = addToHistory(h, '词5')
    expect(h[0]).toBe('词5')
    expect(h.filter((w) => w === '词5')).toHaveLength(1)
    expect(addToHistory(h, '   ')).toEqual(h)
  })

  test('R5.5 keywords are trimmed; empty means no search and no suggestions', async () => {
    expect(cleanKeyword('  太湖 ')).toBe('太湖')
    const store = new SearchStore()
    const calls = countRequests(/search\//)
    try {
      expect(store.submit('   ')).toEqual({ type: 'none' })
      await expect(store.suggest('  ')).resolves.toEqual([])
      expect(calls.count).toBe(0)
      expect(store.history).toEqual([])
    } finally {
      calls.restore()
    }
  })

  test('R5.5 a keyword longer than the search calls take (50 characters) is searched, and kept, by its first 50', async () => {
    const calls = countRequests(/\/search/)
    try {
      const store = new SearchStore()
      const long = '太湖'.repeat(30) // 60 characters, as pasted into the box
      store.submit(`  ${long}  `)
      await settled(store, 'all')
      expect(store.keyword).toBe(long.slice(0, 50))
      expect(store.history[0]).toBe(long.slice(0, 50))
      for (const kind of ['live', 'streamer', 'preview', 'playback'] as const)
        expect(store.results[kind].error).toBeNull()
      expect(calls.bodies.length).toBeGreaterThan(0)
      for (const body of calls.bodies) expect(JSON.parse(body).keywords).toBe(long.slice(0, 50))
    } finally {
      calls.restore()
    }
  })

  test('R3.52 R4.43 a search saves the keyword to local history, which a new store reads back', async () => {
    const store = new SearchStore()
    store.submit(' 太湖 ')
    await settled(store)
    expect(Taro.getStorageSync(HISTORY_KEY)).toEqual({ data: ['太湖'] })
    expect(new SearchStore().history).toEqual(['太湖'])
  })

  test('R7.38 R4.44 R5.3 a digits-only keyword searches the streamer by room id; a keyword with other characters does not', async () => {
    const store = new SearchStore()
    const calls = countRequests(/search\/host/)
    try {
      store.submit('496')
      const list = await settled(store, 'streamer')
      expect(list.error).toBeNull()
      expect(list.list.length).toBeGreaterThan(0)
      expect(
        list.list.some((s) => {
          const r = s as { room_id?: number; roomId?: number }
          return (r.room_id ?? r.roomId) === 496
        })
      ).toBe(true)
      expect(JSON.parse(calls.bodies[0])).toMatchObject({ roomid: 496, keywords: '496', page: 1, count: 10 })
      store.submit('496号')
      await settled(store, 'all')
      expect(JSON.parse(calls.bodies[calls.bodies.length - 1])).not.toHaveProperty('roomid')
    } finally {
      calls.restore()
    }
  })

  test('R4.45 the slow-live keyword opens the featured page directly', () => {
    const store = new SearchStore()
    expect(SLOW_LIVE_KEYWORD).toBe('慢直播')
    expect(store.submit(' 慢直播 ')).toEqual({ type: 'featured', page: 'wuxilcb' })
    expect(store.history[0]).toBe('慢直播')
  })

  test('R7.37 R7.38 hot keywords load; each tab searches its own call; suggestions come back (count 15)', async () => {
    const store = new SearchStore()
    await store.loadHot()
    expect(store.hot.length).toBeGreaterThan(0)
    store.submit('直播')
    let list = await settled(store, 'streamer')
    expect(list.list.length).toBeGreaterThan(0)
    for (const kind of ['live', 'preview', 'playback'] as const) {
      store.setTab(kind)
      list = await settled(store)
      expect(list.error).toBeNull()
    }
    store.setKeyword('太湖')
    const suggestions = await store.suggest('太湖')
    expect(suggestions.length).toBeGreaterThan(0)
    expect(suggestions.length).toBeLessThanOrEqual(15)
  })

  test('R2.48 a search opens on 综合: the best of each kind, a count on every tab; 301 finds room 301 on 直播', async () => {
    const store = new SearchStore()
    expect(store.tab).toBe('all')
    store.submit('301')
    await settled(store, 'all')
    // 301 is room 301 (its id) on 直播 and that room's streamer on 主播; no preview or playback names 301
    expect(store.results.live.list.map((r) => r.id)).toEqual([301])
    expect(store.results.streamer.list.map((r) => (r as { room_id?: number }).room_id)).toEqual([301])
    expect(store.count('live')).toBe(1)
    expect(store.count('streamer')).toBe(1)
    expect(store.count('preview')).toBe(0)
    expect(store.count('playback')).toBe(0)
    expect(store.count('all')).toBe(2)
    expect(store.best.map((g) => g.kind)).toEqual(['streamer', 'live'])

    store.submit('太湖')
    expect(store.count('all')).toBeNull() // not known until every kind answered
    await settled(store, 'all')
    for (const g of store.best) expect(g.items.length).toBeLessThanOrEqual(3)
    expect(store.best.length).toBeGreaterThan(1)
  })

  test('R2.48 R5.5 a search submitted again before the first answered shows the last keyword’s results, not the first’s arriving late', async () => {
    const store = new SearchStore()
    // the first search's four answers are held back (a slow network); the second search's pass
    const held = holdAnswers(/\/userapp\/search\/(host|living|teaser|playback)$/, SEARCH_KINDS.length)
    try {
      store.submit('太湖')
      await until(() => held.answered() === SEARCH_KINDS.length, 'the first search to be answered (held back)')
      store.submit('301')
      await settled(store, 'all')
      expect(store.results.live.list.map((r) => r.id)).toEqual([301])
      held.release()
      // the first search's answers arrive now, after the second's were shown
      await sleep(300)
    } finally {
      held.restore()
    }
    expect(store.submitted).toBe('301')
    expect(store.results.live.list.map((r) => r.id)).toEqual([301])
    expect(store.results.streamer.list.map((r) => (r as { room_id?: number }).room_id)).toEqual([301])
    expect(store.count('all')).toBe(2)
  })

  test('R2.48 matched words are marked, case-insensitively; a suggestion always contains the keyword', async () => {
    expect(highlightParts('太湖日出 · 太湖', '太湖')).toEqual([
      { text: '太湖', match: true },
      { text: '日出 · ', match: false },
      { text: '太湖', match: true }
    ])
    expect(highlightParts('CCTV live', 'tv')).toEqual([
      { text: 'CC', match: false },
      { text: 'TV', match: true },
      { text: ' live', match: false }
    ])
    expect(highlightParts('房间号 301', '')).toEqual([{ text: '房间号 301', match: false }])
    const store = new SearchStore()
    store.setKeyword('301')
    // 301 finds room 301 and its streamer by number, but neither name shows 301: nothing to suggest
    expect(await store.suggest('301')).toEqual([])
    store.setKeyword('太湖')
    const suggestions = await store.suggest('太湖')
    expect(suggestions.length).toBeGreaterThan(0)
    for (const w of suggestions) expect(w).toContain('太湖')
  })

  test('R8.17 suggestions and hot keywords fail silently to empty', async () => {
    configureRequest({
      hosts: {
        api: 'http://127.0.0.1:9',
        live: 'http://127.0.0.1:9',
        stats: 'http://127.0.0.1:9',
        mobile: 'http://127.0.0.1:9'
      }
    })
    try {
      const store = new SearchStore()
      await expect(store.suggest('太湖')).resolves.toEqual([])
      await store.loadHot()
      expect(store.hot).toEqual([])
    } finally {
      configureRequest({
        hosts: hostsAt(server.origin)
      })
    }
  })
})
