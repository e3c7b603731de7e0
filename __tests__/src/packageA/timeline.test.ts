/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import { TimelineStore, normalizeTopic, topicRedirect } from '@/packageA/pages/timeline/store'
import type { TopicRaw } from '@/api/timeline'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { $, $$, waitFor } from '../support/dom'

useReferenceServer()

beforeEach(() => localStorage.clear())

describe('timeline topics', () => {
  test('R3.30 like from total_likes, author defaulting to the brand, image from pic, status default 1', () => {
    const t = normalizeTopic(
      { id: 1, title: '樱花', total: 3, visits: 9, total_likes: 7, pic: 'p.png' } as TopicRaw,
      '慧直播'
    )
    expect(t).toMatchObject({
      like: 7,
      image: 'p.png',
      status: 1,
      author: { nickName: '慧直播', avatar: '' },
      total: 3,
      visits: 9
    })
    expect(
      normalizeTopic({ id: 2, title: 'x', status: 0, author: { nickName: '台长', avatar: 'a.png' } } as TopicRaw).author
    ).toEqual({ nickName: '台长', avatar: 'a.png' })
  })
  test('R3.31 a topic redirects to live if is_living, to playback if review_id', () => {
    expect(topicRedirect({ is_living: 496, review_id: 9 })).toEqual({ page: 'live', roomid: 496 })
    expect(topicRedirect({ is_living: 0, review_id: 9 })).toEqual({ page: 'playback', id: 9 })
    expect(topicRedirect({} as TopicRaw)).toBeNull()
  })
  test('R1.7 R7.29 R7.30 R7.32 R3.32 the m2o source loads posts through timeline_posts and likes a post once', async () => {
    const calls = countRequests(/api_mapp\.php/)
    try {
      const store = new TimelineStore(1, 'm2o')
      await store.load()
      expect(store.topic?.title).toBeTruthy()
      expect(store.posts.list.length).toBeGreaterThan(0)
      expect(store.posts.list[0]).toMatchObject({
        host_name: expect.any(String),
        host_avatar: expect.any(String),
        like: expect.any(Number)
      })
      expect(
        calls.urls.some((u) => /a=timeline_posts/.test(u) && /id=1/.test(u) && /count=10/.test(u) && /page=1/.test(u))
      ).toBe(true)
      const post = store.posts.list[0]
      const before = post.like
      await expect(store.like(post)).resolves.toBe(true)
      expect(post.like).toBe(before + 1)
      await expect(store.like(post)).resolves.toBe(false)
      expect(calls.urls.some((u) => /a=timeline_posts_like/.test(u) && /topicid=1/.test(u))).toBe(true)
    } finally {
      calls.restore()
    }
  })
  test('R7.33 R7.34 R7.36 the other source uses the news calls', async () => {
    const calls = countRequests(/news\/content/)
    try {
      const store = new TimelineStore(1, 'news')
      await store.load()
      expect(store.posts.list.length).toBeGreaterThan(0)
      expect(JSON.parse(calls.bodies[0])).toMatchObject({ news_id: 1, count: 10, page: 1 })
      // a post not liked by the m2o test above (likes are remembered per post id, whatever the source)
      await expect(store.like(store.posts.list[store.posts.list.length - 1])).resolves.toBe(true)
      expect(calls.urls.some((u) => /news\/content\/like/.test(u))).toBe(true)
    } finally {
      calls.restore()
    }
  })
})

describe('timeline and post pages', () => {
  const { Current } = require('@tarojs/runtime')
  const TestUtils = require('@tarojs/test-utils-react').default
  const appear = (sel: string) => waitFor(() => $(sel))
  test('R2.11 the timeline page shows the topic, its live link and its posts', async () => {
    Current.router = { params: { id: '1' }, path: '/t' }
    const Page = require('@/packageA/pages/timeline/timeline').default
    const t = new TestUtils()
    await t.mount(Page)
    expect(await appear('.post-card')).not.toBeNull()
    expect(document.querySelector('.timeline__title')?.textContent).toBeTruthy()
    expect(document.querySelector('.timeline__redirect')?.textContent).toContain('正在直播')
    expect(document.body.textContent).not.toMatch(/1[3-9]\d{9}/) // phone numbers in posts are masked (R5.2)
    t.unmout()
  })
  test('R4.28 R4.29 a double tap on a post’s ♡ likes it once: one call, one more like', async () => {
    Current.router = { params: { id: '1' }, path: '/t' }
    const Page = require('@/packageA/pages/timeline/timeline').default
    const t = new TestUtils()
    await t.mount(Page)
    await appear('.post-card__like')
    // a post no other test liked (likes are remembered per post id)
    const at = $$('.post-card__like').findIndex((x) => !x.className.includes('post-card__like--on'))
    const like = () => $$('.post-card__like')[at]
    const count = () => Number(/(\d+)/.exec(like().textContent || '')?.[1])
    const before = count()
    const calls = countRequests(/a=timeline_posts_like/)
    try {
      // two taps before the first answer
      t.act(() => like().click())
      t.act(() => like().click())
      await waitFor(() => like().className.includes('post-card__like--on'))
      await waitFor(() => count() === before + 1)
      expect(calls.count).toBe(1)
    } finally {
      calls.restore()
      t.unmout()
    }
  })
  test('R2.12 the post page shows one post', async () => {
    Current.router = { params: { id: '114', topic: '1' }, path: '/p' }
    const Page = require('@/packageA/pages/post/post').default
    const t = new TestUtils()
    await t.mount(Page)
    expect(await appear('.post-card')).not.toBeNull()
    expect(document.querySelectorAll('.post-card')).toHaveLength(1)
    t.unmout()
  })
})
