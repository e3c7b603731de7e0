/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The streamer store against the reference server (a child process; no mock of Taro.request).
 */
import { HOT_TAG, normalizeStreamer, withHotTag, fetchStatistics, fetchStreamers } from '@/api/streamer'
import { clearCookies } from '@/core/cookies'
import { ApiError } from '@/utils/errors'
import { get, postData } from '@/core/request'
import { getToken, setLoginPrompt, setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { NO_MORE_DATA, PAGE_SIZE } from '@/stores/paged-list'
import { StreamerStore, followStateOf } from '@/stores/streamer'
import { countRequests, holdAnswers, useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-streamer-tests')
})

async function login(): Promise<void> {
  const r = await postData<{ access_token: string }>('/userapp/login', { mobile: '13800000001', password: 'demo1234' })
  setToken(r.access_token)
}

function bodyOf(body: string): Record<string, unknown> {
  return JSON.parse(body || '{}')
}

describe('streamer entities', () => {
  test('R3.22 nickName falls back to name, description to brief, roomId to room_id', () => {
    const s = normalizeStreamer({ id: 1, name: '小王', brief: '简介', room_id: 9 })
    expect(s.nickName).toBe('小王')
    expect(s.description).toBe('简介')
    expect(s.roomId).toBe(9)
    expect(s.room_id).toBe(9)
    const t = normalizeStreamer({
      id: 2,
      nickName: '昵称',
      name: '名字',
      description: '描述',
      brief: '简介',
      roomId: 3
    })
    expect(t).toMatchObject({ nickName: '昵称', description: '描述', roomId: 3, room_id: 3 })
    expect(normalizeStreamer({ id: 3, nick_name: '下划线' }).nickName).toBe('下划线')
  })

  test('R3.23 the hot tag with id 0 is always first, and never twice', () => {
    expect(withHotTag([{ id: 1, title: '新闻' }])).toEqual([HOT_TAG, { id: 1, title: '新闻' }])
    expect(
      withHotTag([
        { id: 2, title: '文旅' },
        { id: 0, title: '推荐' }
      ])
    ).toEqual([HOT_TAG, { id: 2, title: '文旅' }])
    expect(withHotTag(null)).toEqual([HOT_TAG])
    expect(HOT_TAG).toEqual({ id: 0, title: '热门' })
  })

  test('R4.25 the is-follow result 1 means following and 2 means subscribed', () => {
    expect(followStateOf(1)).toEqual({ following: true, subscribed: false })
    expect(followStateOf(2)).toEqual({ following: false, subscribed: true })
    expect(followStateOf({ status: 1 })).toEqual({ following: true, subscribed: false })
    expect(followStateOf({ status: 2 })).toEqual({ following: false, subscribed: true })
    expect(followStateOf({ status: 0 })).toEqual({ following: false, subscribed: false })
  })
})

describe('streamer store against the reference server', () => {
  test('R7.40 R3.23 tags come from POST /userapp/host/tags with the hot tag first', async () => {
    const store = new StreamerStore()
    const seen = countRequests(/\/api\/v1\/userapp\/host\/tags$/)
    try {
      const tags = await store.loadTags()
      expect(seen.count).toBe(1)
      expect(tags[0]).toEqual(HOT_TAG)
      expect(tags.length).toBeGreaterThan(2)
      expect(tags.filter((t) => t.id === 0)).toHaveLength(1)
      expect(tags.slice(1).every((t) => typeof t.id === 'number' && t.title)).toBe(true)
    } finally {
      seen.restore()
    }
  })

  test('R7.41 R9.4 R3.22 the list by tag posts tag, count 15 and page, pages on, and fills nickName', async () => {
    const store = new StreamerStore()
    const seen = countRequests(/\/userapp\/host\/list$/)
    try {
      await store.loadTags()
      const tag = store.tags[1].id
      await store.selectTag(tag)
      const list = store.listOf(tag)
      expect(bodyOf(seen.bodies[0])).toMatchObject({ tag, count: 15, page: 1 })
      expect(list.pageSize).toBe(PAGE_SIZE.streamers)
      expect(list.list.length).toBeGreaterThan(0)
      expect(list.list.every((s) => s.nickName && typeof s.roomId === 'number' && (s.tags ?? []).includes(tag))).toBe(
        true
      )

      await store.selectTag(0)
      const hot = store.listOf(0)
      expect(bodyOf(seen.bodies[1])).toMatchObject({ tag: 0, count: 15, page: 1 })
      expect(hot.total).toBeGreaterThan(0)
      expect(hot.list.length).toBe(Math.min(15, hot.total))
      if (hot.totalPage > 1) {
        await hot.load()
        expect(bodyOf(seen.bodies[2])).toMatchObject({ tag: 0, count: 15, page: 2 })
        expect(hot.currentPage).toBe(2)
      } else {
        await expect(hot.load()).resolves.toBe(NO_MORE_DATA)
      }
      expect(new Set(hot.list.map((s) => s.id)).size).toBe(hot.list.length)
      expect(store.currentTag).toBe(0)
    } finally {
      seen.restore()
    }
  })

  test('R7.42 R7.50 R9.4 R9.6 the ranking is type week, tag 0 and count 15 on H5, with rank and score', async () => {
    const store = new StreamerStore()
    const seen = countRequests(/\/userapp\/host\/ranking$/)
    try {
      expect(store.rankingType).toBe('week')
      await store.selectRanking('week')
      expect(bodyOf(seen.bodies[0])).toMatchObject({ type: 'week', tag: 0, count: 15, page: 1 })
      const r = store.currentRanking
      expect(r.list.length).toBe(Math.min(15, r.total))
      expect(r.list.map((s) => s.rank)).toEqual(Array.from({ length: r.list.length }, (_, i) => i + 1))
      expect(r.list.every((s, i) => i === 0 || (s.score ?? 0) <= (r.list[i - 1].score ?? 0))).toBe(true)
      await store.selectRanking('month')
      expect(bodyOf(seen.bodies[1])).toMatchObject({ type: 'month', tag: 0 })
      expect(store.currentRanking).not.toBe(r)
    } finally {
      seen.restore()
    }
  })

  test('R7.44 R7.1 popularity comes from GET /rank-page/host-statistics {host_uid}, success code 0', async () => {
    const store = new StreamerStore()
    const first = (await fetchStreamers({ tag: 0, page: 1, count: 1 })).list[0]
    const seen = countRequests(/\/rank-page\/host-statistics\?/)
    try {
      const stats = await store.loadStatistics(first.id)
      expect(seen.urls[0]).toContain(`host_uid=${first.id}`)
      expect(stats?.popularity).toBeGreaterThan(0)
      expect(store.statistics.get(first.id)?.popularity).toBe(stats?.popularity)
      // the statistics service answers code 0, which this call reads as success (R7.1)
      expect((await get('/rank-page/host-statistics', { host_uid: first.id })).code).toBe(0)
      expect((await fetchStatistics(first.id)).popularity).toBe(stats?.popularity)
    } finally {
      seen.restore()
    }
  })

  test('R7.38 a streamer is found by room id, or by id through the lists', async () => {
    const store = new StreamerStore()
    const all = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list
    const withRoom = all.find((s) => s.roomId > 0)!
    const byRoom = await store.findStreamer({ roomid: withRoom.roomId })
    expect(byRoom?.roomId).toBe(withRoom.roomId)
    const last = all[all.length - 1]
    const fresh = new StreamerStore()
    const byId = await fresh.findStreamer({ id: last.id })
    expect(byId?.nickName).toBe(last.nickName)
    expect(await fresh.findStreamer({ id: 987654 })).toBeNull()
  })

  test('R8.4 R7.46 following without login rejects 401 and opens the login prompt', async () => {
    setToken('')
    clearCookies() // a visitor: neither a token nor the id/sign cookies of an earlier login (R4.10)
    const prompt = jest.fn()
    setLoginPrompt(prompt)
    try {
      const store = new StreamerStore()
      const s = (await fetchStreamers({ tag: 0, page: 1, count: 1 })).list[0]
      const err = await store.toggleFollow(s).catch((e) => e)
      expect(err).toBeInstanceOf(ApiError)
      expect(err).toMatchObject({ kind: 'auth', code: 401 })
      expect(prompt).toHaveBeenCalledTimes(1)
      expect(store.followOf(s.roomId).following).toBe(false)
    } finally {
      setLoginPrompt(null)
    }
  })

  test('R1.2 R4.26 R7.46 R7.43 R4.25 R7.45 follow code 1 adds to my follows (total + 1); the next answer removes it (total − 1)', async () => {
    await login()
    const store = new StreamerStore()
    await store.follows.load()
    const before = store.follows.total
    const all = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list
    const s = all.find((x) => x.roomId > 0 && !store.follows.list.some((f) => f.id === x.id))!
    expect((await store.loadFollowState(s.roomId)).following).toBe(false)

    const follows = countRequests(/\/userapp\/follow$/)
    try {
      expect(await store.toggleFollow(s)).toBe(true)
      expect(bodyOf(follows.bodies[0])).toMatchObject({ roomid: s.roomId })
    } finally {
      follows.restore()
    }
    expect(store.follows.total).toBe(before + 1)
    expect(store.follows.list[0].id).toBe(s.id)
    expect(store.followOf(s.roomId).following).toBe(true)
    expect((await store.loadFollowState(s.roomId)).following).toBe(true)

    // the server agrees: my follows now lists the streamer
    const check = new StreamerStore()
    const seen = countRequests(/\/userapp\/myfollow$/)
    try {
      await check.follows.load()
      expect(bodyOf(seen.bodies[0])).toMatchObject({ count: 15, page: 1 })
    } finally {
      seen.restore()
    }
    expect(check.follows.list.some((f) => f.id === s.id)).toBe(true)
    expect(check.follows.total).toBe(before + 1)

    expect(await store.toggleFollow(s)).toBe(false) // server answers code 2: unfollowed
    expect(store.follows.total).toBe(before)
    expect(store.follows.list.some((f) => f.id === s.id)).toBe(false)
    expect(store.followOf(s.roomId).following).toBe(false)
    expect(getToken()).not.toBe('')
  })

  test('R4.27 R7.47 R4.25 subscribe posts room_id and sets the subscribed flag', async () => {
    await login()
    const store = new StreamerStore()
    const all = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list
    const s = all.filter((x) => x.roomId > 0)[2]
    const seen = countRequests(/\/userapp\/subscribe$/)
    try {
      expect(await store.subscribe(s.roomId)).toBe(true)
      expect(bodyOf(seen.bodies[0])).toMatchObject({ room_id: s.roomId })
    } finally {
      seen.restore()
    }
    expect(store.followOf(s.roomId).subscribed).toBe(true)
    const again = new StreamerStore()
    expect((await again.loadFollowState(s.roomId)).subscribed).toBe(true)
  })

  test('R4.25 R4.27 an is-follow answer asked before the subscription landed does not clear 已预约', async () => {
    await login()
    const store = new StreamerStore()
    const all = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list
    const s = all.filter((x) => x.roomId > 0)[3]
    // the room's is-follow (not subscribed) still on its way as the viewer taps 预约提醒
    const held = holdAnswers(/\/userapp\/isfollow$/)
    try {
      const asked = store.loadFollowState(s.roomId)
      await waitFor(() => held.answered() >= 1)
      expect(await store.subscribe(s.roomId)).toBe(true)
      held.release()
      expect((await asked).subscribed).toBe(true)
    } finally {
      held.restore()
    }
    expect(store.followOf(s.roomId).subscribed).toBe(true)
  })

  test('R7.14 the playbacks of a streamer room are a paged list filtered by roomid', async () => {
    const store = new StreamerStore()
    const seen = countRequests(/\/userapp\/playback\/list$/)
    try {
      const all = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list
      let found = false
      for (const s of all.filter((x) => x.roomId > 0).slice(0, 10)) {
        const list = store.playbacksOf(s.roomId)
        await list.load()
        if (list.list.length) {
          expect(list.list.every((p) => p.roomId === s.roomId)).toBe(true)
          found = true
          break
        }
      }
      expect(found).toBe(true)
      expect(bodyOf(seen.bodies[0])).toHaveProperty('roomid')
    } finally {
      seen.restore()
    }
  })
})
