/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import { AlbumStore } from '@/packageB/pages/album/store'
import { PAGE_SIZE } from '@/stores/paged-list'
import { countRequests, failFetches, useReferenceServer } from '../support/reference-server'
import { $, waitFor } from '../support/dom'

useReferenceServer()

beforeEach(() => localStorage.clear())

describe('albums', () => {
  test('R7.103 R7.104 R3.33 R3.34 album detail and 30 photos a page', async () => {
    const calls = countRequests(/album\/photo\/list/)
    try {
      const store = new AlbumStore(1)
      await store.load()
      expect(store.album).toMatchObject({ id: 1, total: expect.any(Number), likes: expect.any(Number) })
      expect(store.photos.pageSize).toBe(PAGE_SIZE.photos)
      expect(store.photos.list.length).toBe(Math.min(30, store.album!.total))
      expect(JSON.parse(calls.bodies[0])).toMatchObject({ album_id: 1, order: 'desc', count: 30 })
    } finally {
      calls.restore()
    }
  })
  test('R7.105 R7.106 R4.29 a photo like toggles off when liked again; the album likes follow', async () => {
    const store = new AlbumStore(1)
    await store.load()
    const photo = store.photos.list[0]
    const likes = photo.likes
    const albumLikes = store.album!.likes
    await expect(store.toggleLike(photo)).resolves.toBe('liked')
    expect(photo.likes).toBe(likes + 1)
    expect(store.album!.likes).toBe(albumLikes + 1)
    await expect(store.toggleLike(photo)).resolves.toBe('unliked')
    expect(photo.likes).toBe(likes)
    expect(store.album!.likes).toBe(albumLikes)
  })
})

describe('album page', () => {
  const { Current } = require('@tarojs/runtime')
  const TestUtils = require('@tarojs/test-utils-react').default
  const appear = (sel: string) => waitFor(() => $(sel))
  test('R2.17 the album page shows the album and its photos', async () => {
    Current.router = { params: { id: '1' }, path: '/a' }
    const Page = require('@/packageB/pages/album/album').default
    const t = new TestUtils()
    await t.mount(Page)
    expect(await appear('.album__photo')).not.toBeNull()
    expect(document.querySelectorAll('.album__photo').length).toBe(30)
    expect(document.querySelector('.album__title')?.textContent).toBeTruthy()
    t.unmout()
  })

  test('R2.17 R8.5 photos that failed to load (the network) say so with 重新加载, which brings them; never 暂无照片', async () => {
    const failing = failFetches(/album\/photo\/list/)
    Current.router = { params: { id: '1' }, path: '/a' }
    const Page = require('@/packageB/pages/album/album').default
    const t = new TestUtils()
    await t.mount(Page)
    try {
      // the photos' call has answered once the page shows a state of them other than 加载中
      await waitFor(() => document.querySelector('.album__head') && !document.body.textContent?.includes('加载中'))
      expect(document.querySelector('.album__title')?.textContent).toBeTruthy()
      expect(document.body.textContent).not.toContain('暂无照片')
      expect(document.body.textContent).toContain('网络异常,请检查网络后重试')
      const retry = document.querySelector<HTMLElement>('.page-state__retry')!
      expect(retry.textContent).toBe('重新加载')
      t.act(() => retry.click())
      await appear('.album__photo')
      expect(document.querySelectorAll('.album__photo').length).toBe(30)
      expect(document.querySelector('.page-state__retry')).toBeNull()
    } finally {
      failing.restore()
      t.unmout()
    }
  })
})
