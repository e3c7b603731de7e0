/*
 * The streamer ranking on the mini-program target (weapp jest project: the streamer store's `./streamer-ranking`
 * resolves to streamer-ranking.ts), against the reference server: the mini-program asks for 20 a page, tag 0
 * (R9.4, R7.50); the H5 build's 15 is proven in streamer.test.ts.
 */
import { setItem } from '@/platform/storage'
import { PAGE_SIZE } from '@/stores/paged-list'
import { StreamerStore } from '@/stores/streamer'
import { countRequests, useReferenceServer } from '../support/reference-server'

useReferenceServer()
beforeAll(async () => {
  setItem('fingerprint', 'fp-streamer-weapp')
})

test('R9.4 R7.50 R9.6 the mini-program ranking asks for count 20, type week, tag 0, with ranks in order', async () => {
  expect(PAGE_SIZE.rankingMini).toBe(20)
  const store = new StreamerStore()
  const seen = countRequests(/\/userapp\/host\/ranking$/)
  try {
    await store.selectRanking('week')
    expect(seen.count).toBe(1)
    expect(JSON.parse(seen.bodies[0])).toMatchObject({ type: 'week', tag: 0, count: 20, page: 1 })
    const r = store.currentRanking
    expect(r.list.length).toBe(Math.min(20, r.total))
    expect(r.list.map((s) => s.rank)).toEqual(Array.from({ length: r.list.length }, (_, i) => i + 1))
    await store.selectRanking('day')
    expect(JSON.parse(seen.bodies[1])).toMatchObject({ type: 'day', tag: 0, count: 20, page: 1 })
  } finally {
    seen.restore()
  }
})
