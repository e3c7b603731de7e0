/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The 主播 tab, streamer detail and my follows pages against the reference server. No router runs under jest, so
 * navigation calls are observed (and performed for real in e2e/); the network is real.
 */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import { fetchStreamers } from '@/api/streamer'
import type { LoginResult } from '@/api/user'
import { postData } from '@/core/request'
import { clearCookies } from '@/core/cookies'
import { setLoginPrompt, setToken } from '@/core/token'
import FollowPage from '@/packageA/pages/streamer/follow/follow'
import StreamerDetailPage from '@/packageA/pages/streamer/streamer'
import StreamerTabPage from '@/pages/streamer/streamer'
import { LOGIN_PROMPT_TEXT } from '@/stores/login-prompt'
import { sessionStore } from '@/stores/session'
import { setItem } from '@/platform/storage'
import { streamerStore } from '@/stores/streamer'
import { uiStore } from '@/stores/ui'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-streamer-pages')
})

const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent || '')

describe('主播 tab', () => {
  test('R2.3 R3.23 R7.40 R7.41 tags with 热门 first, the streamers of the tag, and a tag switch', async () => {
    const t = new TestUtils()
    await t.mount(StreamerTabPage)
    expect(uiStore.currentTab).toBe('streamer')
    await waitFor(() => document.querySelectorAll('.streamer-tab__tag').length > 2)
    const tags = texts('.streamer-tab__tag')
    expect(tags[0]).toBe('热门')
    expect(tags.filter((x) => x === '热门')).toHaveLength(1)
    expect(document.querySelector('.streamer-tab__tag--active')?.textContent).toBe('热门')
    await waitFor(() => document.querySelectorAll('.streamer-cell').length > 0)
    const hotCount = document.querySelectorAll('.streamer-cell').length
    expect(hotCount).toBe(Math.min(15, streamerStore.listOf(0).total))
    expect(texts('.streamer-cell__name').every(Boolean)).toBe(true)
    expect(document.querySelectorAll('.tab-bar__item')).toHaveLength(4)

    const second = document.querySelectorAll('.streamer-tab__tag')[1] as HTMLElement
    const tagId = Number(second.dataset.tag)
    t.act(() => second.click())
    await waitFor(() => streamerStore.listOf(tagId).currentPage > 0 && !streamerStore.listOf(tagId).loading)
    await waitFor(() => document.querySelector('.streamer-tab__tag--active')?.textContent === second.textContent)
    const ids = Array.from(document.querySelectorAll('.streamer-cell')).map((e) =>
      Number((e as HTMLElement).dataset.streamer)
    )
    expect(ids).toEqual(streamerStore.listOf(tagId).list.map((s) => s.id))
    t.unmout()
  })

  test('R2.47 R9.6 R9.20 the ranking opens on 周榜 with ranks and popularity; tapping a streamer opens the detail', async () => {
    const navigate = jest
      .spyOn(Taro, 'navigateTo')
      .mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }))
    const pages = jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([])
    const t = new TestUtils()
    await t.mount(StreamerTabPage)
    t.act(() => (document.querySelector('[data-mode="ranking"]') as HTMLElement).click())
    await waitFor(() => document.querySelectorAll('.streamer-row').length > 0)
    expect(document.querySelector('.streamer-tab__type--active')?.textContent).toBe('周榜')
    const ranks = texts('.streamer-row__rank').map(Number)
    expect(ranks.slice(0, 3)).toEqual([1, 2, 3])
    const scores = streamerStore.currentRanking.list.map((s) => s.score ?? 0)
    const shown = texts('.streamer-row__score-num')
    scores.forEach((v, i) => expect(shown[i]).toBe(v > 10000 ? `${(v / 10000).toFixed(1)}万` : String(v)))
    // the ranking's number is its score, named after the ranking: 人气 (home's, the streamer page's) is the popularity
    expect(new Set(texts('.streamer-row__score-label'))).toEqual(new Set(['周榜得分']))

    t.act(() => (document.querySelector('[data-type="month"]') as HTMLElement).click())
    await waitFor(
      () =>
        document.querySelector('.streamer-tab__type--active')?.textContent === '月榜' &&
        streamerStore.rankingOf('month').currentPage > 0
    )
    expect(new Set(texts('.streamer-row__score-label'))).toEqual(new Set(['月榜得分']))

    const row = document.querySelector('.streamer-row') as HTMLElement
    const id = Number(row.dataset.streamer)
    t.act(() => row.click())
    await waitFor(() => navigate.mock.calls.length > 0, 5000)
    expect(navigate).toHaveBeenCalledWith({
      url: expect.stringMatching(new RegExp(`^/packageA/pages/streamer/streamer\\?id=${id}`))
    })
    navigate.mockRestore()
    pages.mockRestore()
    t.unmout()
  })
})

function routeTo(params: Record<string, string>) {
  ;(Current as unknown as { router: unknown }).router = { params, path: '/packageA/pages/streamer/streamer' }
}

describe('streamer detail and my follows', () => {
  test('R2.13 R7.44 R3.22 R5.4 the detail by id shows name, description without HTML, popularity from the statistics service', async () => {
    const target = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list.find((x) => x.roomId > 0)!
    routeTo({ id: String(target.id) })
    const t = new TestUtils()
    await t.mount(StreamerDetailPage)
    await waitFor(() => document.querySelector('.streamer-detail__name'))
    expect(document.querySelector('.streamer-detail__name')?.textContent).toBe(target.nickName)
    expect(document.querySelector('.streamer-detail__desc')?.textContent).not.toMatch(/<[^>]+>/)
    await waitFor(() => streamerStore.statistics.get(target.id))
    const stats = streamerStore.statistics.get(target.id)!
    await waitFor(
      () =>
        document.querySelector('[data-stat="popularity"]')?.textContent ===
        (stats.popularity > 10000 ? `${(stats.popularity / 10000).toFixed(1)}万` : String(stats.popularity))
    )
    expect(document.querySelector('.streamer-detail__follow')?.textContent).toBe('+ 关注')
    expect(['直播中', '未开播']).toContain(document.querySelector('.streamer-detail__badge')?.textContent)
    t.unmout()
  })

  test('R4.6 R4.26 R2.14 following needs login: 关注 opens the login prompt; after login 关注 becomes 已关注 and my follows lists the streamer', async () => {
    setToken('')
    clearCookies() // a visitor: not the id/sign cookies of another test's login either (R4.10)
    // the prompt, answered 取消: the visitor stays, nothing is followed
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    const target = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list.filter((x) => x.roomId > 0)[1]
    routeTo({ roomid: String(target.roomId) })
    const t = new TestUtils()
    await t.mount(StreamerDetailPage)
    await waitFor(() => document.querySelector('.streamer-detail__follow'))
    t.act(() => (document.querySelector('.streamer-detail__follow') as HTMLElement).click())
    await waitFor(() => modal.mock.calls.length > 0)
    expect(modal.mock.calls[0][0]).toMatchObject({ content: LOGIN_PROMPT_TEXT, confirmText: '去登录' })
    expect(document.querySelector('.streamer-detail__follow')?.textContent).toBe('+ 关注')
    modal.mockRestore()
    t.unmout()

    // not logged in, my follows asks for a login
    routeTo({})
    await t.mount(FollowPage)
    expect(document.body.textContent).toContain('登录后查看关注的主播')
    t.unmout()

    const r = await postData<{ access_token: string }>('/userapp/login', {
      mobile: '13800000001',
      password: 'demo1234'
    })
    // logged in as the login screens leave it: the token and the user (R4.8's check reads both)
    sessionStore.applyLogin(r as LoginResult)
    expect(sessionStore.token).toBe(r.access_token)
    routeTo({ roomid: String(target.roomId) })
    await t.mount(StreamerDetailPage)
    await waitFor(() => document.querySelector('.streamer-detail__follow'))
    await waitFor(() => streamerStore.follow.has(target.roomId))
    if (streamerStore.followOf(target.roomId).following) {
      t.act(() => (document.querySelector('.streamer-detail__follow') as HTMLElement).click())
      await waitFor(() => document.querySelector('.streamer-detail__follow')?.textContent === '+ 关注')
    }
    t.act(() => (document.querySelector('.streamer-detail__follow') as HTMLElement).click())
    await waitFor(() => document.querySelector('.streamer-detail__follow')?.textContent === '已关注')
    t.unmout()

    routeTo({})
    await t.mount(FollowPage)
    await waitFor(() => document.querySelectorAll('.streamer-row').length > 0)
    const ids = Array.from(document.querySelectorAll('.streamer-row')).map((e) =>
      Number((e as HTMLElement).dataset.streamer)
    )
    expect(ids).toContain(target.id)
    expect(document.querySelector('.follow-page__total')?.textContent).toContain(String(streamerStore.follows.total))
    t.unmout()
    setLoginPrompt(null)
  })

  test('R2.14 R4.6 my follows, logged out: its 去登录 opens the login screens at once (no second prompt)', async () => {
    setToken('')
    routeTo({})
    const modal = jest.spyOn(Taro, 'showModal')
    const navigate = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
    const pages = jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
    const t = new TestUtils()
    await t.mount(FollowPage)
    try {
      const btn = await waitFor(() => document.querySelector<HTMLElement>('.follow-page__login-btn'))
      expect(btn.textContent).toBe('去登录')
      t.act(() => btn.click())
      await waitFor(() => navigate.mock.calls.length > 0, 5000)
      expect(navigate).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/user/user' }))
      expect(modal).not.toHaveBeenCalled()
    } finally {
      t.unmout()
      modal.mockRestore()
      navigate.mockRestore()
      pages.mockRestore()
    }
  })

  test('R2.14 my follows shows 还没有关注的主播 when the list is empty', async () => {
    const r = await postData<{ access_token: string }>('/userapp/login', {
      mobile: '13800000001',
      password: 'demo1234'
    })
    setToken(r.access_token)
    // unfollow everyone the demo user follows (R4.26: each unfollow removes the streamer, total − 1)
    await streamerStore.follows.load({ reset: true })
    while (streamerStore.follows.hasMore && streamerStore.follows.currentPage < streamerStore.follows.totalPage)
      await streamerStore.follows.load()
    for (const f of [...streamerStore.follows.list]) await streamerStore.toggleFollow(f)
    expect(streamerStore.follows.total).toBe(0)
    streamerStore.forgetUser()
    routeTo({})
    const t = new TestUtils()
    await t.mount(FollowPage)
    await waitFor(() => document.body.textContent?.includes('还没有关注的主播'))
    expect(document.querySelectorAll('.streamer-row')).toHaveLength(0)
    t.unmout()
  })
})
