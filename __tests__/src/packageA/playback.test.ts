/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import {
  AUTOPLAY_SECONDS,
  PlaybackStore,
  canSendDanmaku,
  prependComment,
  toTimedDanmaku
} from '@/packageA/pages/playback/store'
import { PagedList } from '@/stores/paged-list'
import { fetchTeaserDetail, type CommentItem } from '@/api/playback'
import { fetchRoomInfo } from '@/api/live'
import { setToken } from '@/core/token'
import PreviewPage from '@/packageA/pages/preview/preview'
import { loginStore } from '@/stores/login'
import { formatCount } from '@/utils/format'
import { countRequests, demoLogin, failFetches, useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { SEED_IDS } from '../../../server/db/seed-ids'

const server = useReferenceServer()

beforeEach(() => localStorage.clear())

describe('playback rules', () => {
  test('R3.20 playback danmaku maps relativeTimestamp and the JSON text to time and text', () => {
    expect(
      toTimedDanmaku([
        { relativeTimestamp: 12, content: '{"text":"好看"}' },
        { relativeTimestamp: 3, content: '{"text":"开始了"}' },
        { relativeTimestamp: 5, content: 'not json' }
      ])
    ).toEqual([
      { time: 3, text: '开始了' },
      { time: 12, text: '好看' }
    ])
  })
  test('R4.30 a new comment is prepended with an id one above the first, and the total rises', () => {
    const list = new PagedList<CommentItem>(async () => ({ list: [] }))
    list.list = [{ id: 41, content: 'a', time: 1 } as CommentItem]
    list.total = 9
    prependComment(list, { content: 'b', time: 2 } as CommentItem)
    expect(list.list.map((c) => c.id)).toEqual([42, 41])
    expect(list.total).toBe(10)
  })
  test('R5.11 danmaku is sent with text and a media context, playing or paused', () => {
    expect(canSendDanmaku('好', { playing: true })).toBe(true)
    expect(canSendDanmaku('  ', { playing: true })).toBe(false)
    expect(canSendDanmaku('好', { playing: false })).toBe(true) // paused: the viewer writes while the video waits
    expect(canSendDanmaku('好', null)).toBe(false)
  })
})

describe('playback store against the reference server', () => {
  test('R2.9 at the end: the next recording plays after a countdown the viewer can cancel; 重播 ends the end screen', async () => {
    // a hand-driven clock: each tick is one second of the countdown
    let tick: (() => void) | null = null
    const ticker = {
      every: (_ms: number, fn: () => void) => {
        tick = fn
        return () => (tick = null)
      }
    }
    const store = new PlaybackStore(5026, ticker) // 无锡新闻周末版, room 301: its room's 5030 follows
    await store.load()
    await waitFor(() => store.next)
    expect(store.next?.id).toBe(5030)
    expect(store.related.length).toBeGreaterThan(0)
    const opened: number[] = []
    store.end((next) => opened.push(next.id))
    expect(store.ended).toBe(true)
    expect(store.countdown).toBe(AUTOPLAY_SECONDS)
    for (let i = 0; i < AUTOPLAY_SECONDS - 1; i++) tick!()
    expect(store.countdown).toBe(1)
    expect(opened).toEqual([])
    tick!()
    expect(opened).toEqual([5030])
    expect(store.countdown).toBeNull()

    // cancelled: nothing opens, the end screen stays
    store.end((next) => opened.push(next.id))
    tick!()
    store.cancelAutoplay()
    expect(tick).toBeNull()
    expect(store.countdown).toBeNull()
    expect(store.ended).toBe(true)
    expect(opened).toEqual([5030])
    // 重播
    store.resume()
    expect(store.ended).toBe(false)
  })
  test('R7.15 R7.80 R7.81 detail, timed danmaku and comments (5 a page)', async () => {
    const list = (await (
      await fetch(`${server.origin}/api/v1/userapp/playback/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"page":1,"count":1}'
      })
    ).json()) as { data: { list: { id: number }[] } }
    const store = new PlaybackStore(list.data.list[0].id)
    await store.load()
    expect(store.detail?.source).toMatch(/\/hls\/vod\/\d+\/index\.m3u8$/)
    expect(store.danmaku.length).toBeGreaterThan(0)
    await waitFor(() => !store.comments.loading)
    expect(store.comments.pageSize).toBe(5)
    expect(store.comments.list.length).toBeLessThanOrEqual(5)
  })
  test('R7.83 R5.12 a playback is liked once; R7.82 a comment shows first', async () => {
    setToken((await demoLogin(server.origin)).access_token)
    const list = (await (
      await fetch(`${server.origin}/api/v1/userapp/playback/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"page":1,"count":1}'
      })
    ).json()) as { data: { list: { id: number; likes: number }[] } }
    const id = list.data.list[0].id
    const store = new PlaybackStore(id)
    await store.load()
    const before = store.detail!.likes || 0
    await expect(store.like()).resolves.toBe(true)
    expect(store.detail!.likes).toBe(before + 1)
    await expect(store.like()).resolves.toBe(false)
    expect(store.detail!.likes).toBe(before + 1)
    await expect(store.comment('  拍得真好  ')).resolves.toBe(true)
    expect(store.comments.list[0].content).toBe('拍得真好')
    await expect(store.comment('   ')).resolves.toBe('请输入评论内容')
    setToken('')
  })
  test('R7.82 R4.30 发送 tapped twice before the server answered posts the comment once', async () => {
    setToken((await demoLogin(server.origin)).access_token)
    const list = (await (
      await fetch(`${server.origin}/api/v1/userapp/playback/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"page":2,"count":1}'
      })
    ).json()) as { data: { list: { id: number }[] } }
    const id = list.data.list[0].id
    const store = new PlaybackStore(id)
    await store.load()
    await waitFor(() => !store.comments.loading)
    const total = store.comments.total
    const posts = countRequests(/\/userapp\/playback\/comment$/)
    try {
      // a double tap on 发送 (or 发送 then the keyboard's confirm): the second tap while the first is on its way
      const taps = await Promise.all([store.comment('第一次来，拍得真好'), store.comment('第一次来，拍得真好')])
      expect(taps).toEqual([true, null])
      expect(posts.count).toBe(1)
    } finally {
      posts.restore()
    }
    expect(store.comments.list.filter((c) => c.content === '第一次来，拍得真好')).toHaveLength(1)
    expect(store.comments.total).toBe(total + 1)
    // the server holds it once too
    const fresh = new PlaybackStore(id)
    await fresh.comments.load()
    expect(fresh.comments.total).toBe(total + 1)
    setToken('')
  })
})

describe('playback page', () => {
  test('R2.9 R8.5 comments that failed to load (the network) say so with 重新加载, which brings them; never 还没有评论', async () => {
    const failing = failFetches(/playback\/comment\/list/)
    Current.router = { params: { id: '5026' }, path: '/p' } as never
    const PlaybackPage = require('@/packageA/pages/playback/playback').default
    const u = new TestUtils()
    await u.mount(PlaybackPage)
    const comments = () => document.querySelector('.playback__comments')
    try {
      // the comments' call has answered once their part of the page shows a state other than 加载中
      await waitFor(() => comments() && !comments()!.textContent.includes('加载中') && comments()!.children.length > 2)
      expect(document.querySelector('.playback__title')?.textContent).toBeTruthy()
      expect(comments()!.textContent).not.toContain('还没有评论')
      expect(comments()!.textContent).toContain('网络异常,请检查网络后重试')
      const retry = comments()!.querySelector<HTMLElement>('.page-state__retry')!
      expect(retry.textContent).toBe('重新加载')
      u.act(() => retry.click())
      await waitFor(() => comments()!.querySelector('.comment'))
      expect(comments()!.querySelector('.page-state__retry')).toBeNull()
    } finally {
      failing.restore()
      u.unmout()
    }
  })
})

describe('a password room’s recording', () => {
  // playback 5010 is the recording of the password room (password 8888 in the reference server's seed)
  test('R3.9 R7.15 R7.80 R7.81 it loads only once the viewer has entered the room’s password, then with the room’s key', async () => {
    const locked = new PlaybackStore(5010)
    await locked.load()
    expect(locked.error).toBe('该直播间需要输入密码')
    expect(locked.detail).toBeNull()
    // the viewer enters the room with its password (the room page's call): the key is remembered
    expect((await fetchRoomInfo({ roomid: SEED_IDS.rooms.password, password: '8888' })).id).toBe(
      SEED_IDS.rooms.password
    )
    const store = new PlaybackStore(5010)
    await store.load()
    expect(store.error).toBeNull()
    expect(store.detail?.id).toBe(5010)
    expect(store.detail?.source).toMatch(/\/hls\/vod\/5010\/index\.m3u8\?token=/)
    expect(store.danmaku.length).toBeGreaterThan(0)
    await waitFor(() => !store.comments.loading)
    expect(store.comments.error).toBeFalsy()
  })
})

describe('preview', () => {
  test('R7.17 R2.10 the preview page shows the teaser and its reminder button', async () => {
    const teasers = (await (
      await fetch(`${server.origin}/api/v1/userapp/teaser/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"page":1,"count":10}'
      })
    ).json()) as { data: { list: { id: number; title: string }[] } }
    const t = teasers.data.list.find((x) => x.id !== 1473)!
    const detail = await fetchTeaserDetail(t.id)
    expect(detail.title).toBe(t.title)
    Current.router = { params: { id: String(t.id) }, path: '/p' } as never
    const u = new TestUtils()
    await u.mount(PreviewPage)
    for (let i = 0; i < 100 && !document.querySelector('.preview__title'); i++)
      await new Promise((r) => setTimeout(r, 20))
    expect(document.querySelector('.preview__title')?.textContent).toBe(t.title)
    expect(['预约提醒', '正在直播，进入直播间']).toContain(document.querySelector('.preview__btn')?.textContent)
    u.unmout()
  })

  test('R7.17 a preview whose detail could not be loaded (the network) offers 重新加载, which loads it', async () => {
    const failing = failFetches(/teaser\/detail/)
    Current.router = { params: { id: '1470' }, path: '/p' } as never
    const u = new TestUtils()
    await u.mount(PreviewPage)
    try {
      const retry = await waitFor(() => document.querySelector<HTMLElement>('.page-state__retry'))
      expect(retry.textContent).toBe('重新加载')
      u.act(() => retry.click())
      await waitFor(() => document.querySelector('.preview__title'))
      expect(document.querySelector('.page-state__retry')).toBeNull()
    } finally {
      failing.restore()
      u.unmout()
    }
  })

  test('R4.27 R7.49 预约提醒 sets the flag, and the count shown takes the viewer’s reminder as the server counts it', async () => {
    expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
    const id = 1472
    const before = (await fetchTeaserDetail(id)).subscribes
    Current.router = { params: { id: String(id) }, path: '/p' } as never
    const u = new TestUtils()
    await u.mount(PreviewPage)
    try {
      const btn = await waitFor(() => document.querySelector<HTMLElement>('.preview__btn'))
      await waitFor(() => document.querySelector('.preview__sub'))
      expect(document.querySelector('.preview__sub')?.textContent).toBe(`${formatCount(before)}人已预约`)
      expect(btn.textContent).toBe('预约提醒')
      btn.click()
      await waitFor(() => document.querySelector('.preview__btn')?.textContent === '已预约')
      const after = (await fetchTeaserDetail(id)).subscribes
      expect(after).toBe(before + 1)
      await waitFor(() => document.querySelector('.preview__sub')?.textContent === `${formatCount(after)}人已预约`)
    } finally {
      u.unmout()
      setToken('')
    }
  })
})
