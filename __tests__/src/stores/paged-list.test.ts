import { isAction, isObservableProp, reaction } from 'mobx'
import { dataOf } from '@/core/call'
import { ApiError, TIMEOUT_MESSAGE, rejection } from '@/utils/errors'
import type { Reply } from '@/core/request'
import { NO_MORE_DATA, PAGE_SIZE, PagedList, PagedLists, UNKNOWN_DATA, type PagedData } from '@/stores/paged-list'

type Item = { id: number; title?: string }

/** A server of `total` items answering pages the way the reference server does (envelopes, read as an API function does). */
function server(total: number, opts: { withTotalPage?: boolean } = {}) {
  const calls: { page: number; count: number }[] = []
  let items: Item[] = Array.from({ length: total }, (_, i) => ({ id: i + 1 }))
  const answer = async (q: { page: number; count: number }): Promise<Reply<PagedData<Item>>> => {
    calls.push(q)
    const list = items.slice((q.page - 1) * q.count, q.page * q.count)
    const data: PagedData<Item> = { currentPage: q.page, total: items.length, list }
    if (opts.withTotalPage !== false) data.totalPage = Math.ceil(items.length / q.count)
    return { code: 1, msg: 'ok', data }
  }
  const fetcher = (q: { page: number; count: number }) => dataOf(answer(q))
  return { fetcher, calls, setItems: (next: Item[]) => (items = next) }
}

describe('PagedList (spec section 4 "Paged list loading")', () => {
  test('R9.4 page sizes', () => {
    expect(PAGE_SIZE).toEqual({
      default: 10,
      streamers: 15,
      rankingWeb: 15,
      rankingMini: 20,
      comments: 5,
      history: 10,
      photos: 30,
      liveRooms: 100,
      suggestions: 15
    })
    expect(new PagedList(server(0).fetcher).pageSize).toBe(10)
  })

  test('R4.13 current page 0 is treated as a reset: the first load asks for page 1', async () => {
    const s = server(25)
    const l = new PagedList(s.fetcher)
    await l.load()
    expect(s.calls).toEqual([{ page: 1, count: 10 }])
    expect(l.currentPage).toBe(1)
    expect(l.list.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  test('R3.24 a paged answer carries currentPage, totalPage, total and a list of items with ids', async () => {
    const s = server(25)
    const l = new PagedList(s.fetcher)
    await l.load()
    expect({ currentPage: l.currentPage, totalPage: l.totalPage, total: l.total }).toEqual({
      currentPage: 1,
      totalPage: 3,
      total: 25
    })
    expect(l.list.every((i) => typeof i.id === 'number')).toBe(true)
  })

  test('R4.15 R4.16 the next page is currentPage + 1 and is appended', async () => {
    const s = server(25)
    const l = new PagedList(s.fetcher)
    await l.load()
    await l.load()
    expect(s.calls.map((c) => c.page)).toEqual([1, 2])
    expect(l.list).toHaveLength(20)
    expect(l.list[10].id).toBe(11)
  })

  test('R4.13 R4.16 a reset sets the page to 0, reloads page 1 and replaces the list', async () => {
    const s = server(25)
    const l = new PagedList(s.fetcher)
    await l.load()
    await l.load()
    s.setItems([{ id: 100 }, { id: 101 }])
    const p = l.load({ reset: true })
    expect(l.currentPage).toBe(0)
    await p
    expect(s.calls.map((c) => c.page)).toEqual([1, 2, 1])
    expect(l.list.map((i) => i.id)).toEqual([100, 101])
    expect(l.currentPage).toBe(1)
  })

  test('R4.14 R4.18 more is fetched only while totalPage > currentPage; then it resolves with no more data', async () => {
    const s = server(15)
    const l = new PagedList(s.fetcher)
    await l.load()
    await l.load()
    expect(l.totalPage).toBe(2)
    expect(l.currentPage).toBe(2)
    await expect(l.load()).resolves.toBe(NO_MORE_DATA)
    expect(NO_MORE_DATA).toBe('no more data')
    expect(s.calls).toHaveLength(2)
  })

  test('R4.14 R4.15 R4.17 getNew fetches page 1 even at the end, prepends new items de-duplicated by id, keeps the page', async () => {
    const s = server(15)
    const l = new PagedList(s.fetcher)
    await l.load()
    await l.load()
    s.setItems([{ id: 31 }, { id: 30 }, ...Array.from({ length: 15 }, (_, i) => ({ id: i + 1 }))])
    await l.load({ getNew: true })
    expect(s.calls.map((c) => c.page)).toEqual([1, 2, 1])
    expect(l.list.map((i) => i.id).slice(0, 4)).toEqual([31, 30, 1, 2])
    expect(l.list).toHaveLength(17)
    expect(new Set(l.list.map((i) => i.id)).size).toBe(17)
    expect(l.currentPage).toBe(2)
  })

  test('R4.20 without totalPage a full page allows the next page, a short page does not', async () => {
    const s = server(23, { withTotalPage: false })
    const l = new PagedList(s.fetcher)
    await l.load()
    expect(l.totalPage).toBe(2)
    await l.load()
    expect(l.totalPage).toBe(3)
    await l.load()
    expect(l.list).toHaveLength(23)
    expect(l.totalPage).toBe(3)
    expect(l.currentPage).toBe(3)
    await expect(l.load()).resolves.toBe(NO_MORE_DATA)
  })

  test('R8.9 a response code other than 1 rejects with code, msg and data', async () => {
    const l = new PagedList<Item>(() => dataOf(Promise.resolve({ code: 0, msg: '参数错误', data: { list: [] } })))
    const err = await l.load().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 0, msg: '参数错误', data: { list: [] }, kind: 'business' })
    expect(l.error).toBe('参数错误')
    expect(l.loading).toBe(false)
    expect(l.currentPage).toBe(0)
  })

  test('R4.18 a success without a page means no more pages: no error, the list ends where it is', async () => {
    const s = server(23)
    let empty = false
    const l = new PagedList<Item>((q) =>
      empty ? dataOf(Promise.resolve({ code: 1, msg: '', data: null })) : s.fetcher(q)
    )
    await l.load()
    expect(l.list).toHaveLength(10)
    empty = true
    await expect(l.load()).resolves.toBe(NO_MORE_DATA)
    expect(l.error).toBeNull()
    expect(l.errorKind).toBeNull()
    expect(l.list).toHaveLength(10)
    expect(l.hasMore).toBe(false)
    await expect(l.load({ reset: true })).resolves.toBe(NO_MORE_DATA)
    expect(l.list).toEqual([])
    expect(l.hasMore).toBe(false)
    expect(l.error).toBeNull()
  })

  test('R8.5 R8.6 a failed page keeps its kind: network for the -100 envelope, timeout for the core rejection', async () => {
    const net = new PagedList<Item>(() =>
      dataOf(Promise.resolve({ code: -100, msg: 'request:fail connection refused', data: null }))
    )
    await expect(net.load()).rejects.toMatchObject({ kind: 'network', code: -100 })
    expect(net.errorKind).toBe('network')
    expect(net.error).toBe('网络异常,请检查网络后重试')
    const slow = new PagedList<Item>(() =>
      dataOf(Promise.reject(rejection(0, TIMEOUT_MESSAGE, 'request:fail timeout')))
    )
    await expect(slow.load()).rejects.toMatchObject({ kind: 'timeout', code: 0 })
    expect(slow.errorKind).toBe('timeout')
    expect(slow.error).toBe(TIMEOUT_MESSAGE)
  })

  test('R4.19 an unknown target rejects with unknown data', async () => {
    const lists = new PagedLists({ liveRooms: new PagedList(server(3).fetcher) })
    await expect(lists.load('nothing')).rejects.toThrow(UNKNOWN_DATA)
    expect(UNKNOWN_DATA).toBe('unknown data')
    await expect(lists.load('liveRooms')).resolves.toHaveLength(3)
  })

  test('R4.22 seeding fills the list only while it is still empty', async () => {
    const l = new PagedList(server(30).fetcher)
    l.seed([{ id: 7 }, { id: 8 }])
    expect(l.list.map((i) => i.id)).toEqual([7, 8])
    l.seed([{ id: 9 }])
    expect(l.list.map((i) => i.id)).toEqual([7, 8])
  })

  test('a second load while one is under way shares it (one request)', async () => {
    const s = server(30)
    const l = new PagedList(s.fetcher)
    await Promise.all([l.load(), l.load()])
    expect(s.calls).toHaveLength(1)
  })

  test('R4.14 more pages exist before the first load, while totalPage > currentPage, and not after the last', async () => {
    const l = new PagedList(server(15).fetcher)
    expect(l.hasMore).toBe(true)
    expect(l.loading).toBe(false)
    await l.load()
    expect([l.currentPage, l.totalPage, l.hasMore]).toEqual([1, 2, true])
    await l.load()
    expect([l.currentPage, l.totalPage, l.hasMore]).toEqual([2, 2, false])
  })

  test('the view follows the list: its fields are observable, loading is true while a page is on its way', async () => {
    const l = new PagedList(server(15).fetcher)
    for (const field of ['list', 'currentPage', 'totalPage', 'total', 'loading', 'error', 'errorKind'])
      expect(isObservableProp(l, field)).toBe(true)
    expect(isAction(l.clear)).toBe(true)
    const seen: boolean[] = []
    const stop = reaction(
      () => l.loading,
      (v) => seen.push(v)
    )
    const p = l.load()
    expect(l.loading).toBe(true)
    await p
    stop()
    expect(seen).toEqual([true, false])
  })

  test('clear empties the list and its pages, totals and error', async () => {
    const l = new PagedList<Item>(() => Promise.reject(new ApiError(0, '', null)))
    await expect(l.load()).rejects.toBeInstanceOf(ApiError)
    l.seed([{ id: 1 }])
    l.clear()
    expect([l.list, l.currentPage, l.totalPage, l.total, l.error, l.errorKind]).toEqual([[], 0, 0, 0, null, null])
    expect(l.hasMore).toBe(true)
  })

  test('R8.9 a failure without a message shows 加载失败', async () => {
    const l = new PagedList<Item>(() => Promise.reject(new ApiError(-3, '', null)))
    await expect(l.load()).rejects.toMatchObject({ code: -3 })
    expect(l.error).toBe('加载失败')
    expect(l.errorKind).toBe('business')
  })

  test('R3.24 R4.20 a page without total counts its list; a page without a list is empty', async () => {
    const l = new PagedList<Item>(async () => ({ list: [{ id: 1 }, { id: 2 }] }))
    await l.load()
    expect(l.total).toBe(2)
    const odd = new PagedList<Item>(async () => ({ total: 4 }) as unknown as PagedData<Item>)
    await odd.load()
    expect(odd.list).toEqual([])
    expect(odd.total).toBe(4)
    const seeded = new PagedList<Item>(server(3).fetcher)
    seeded.seed({ list: null } as unknown as PagedData<Item>)
    expect(seeded.list).toEqual([])
  })

  test('R4.17 getNew takes the total of its page when it has one, and keeps the known total otherwise', async () => {
    let page: PagedData<Item> = { list: [{ id: 1 }], total: 1, totalPage: 1 }
    const l = new PagedList<Item>(async () => page)
    await l.load()
    expect(l.total).toBe(1)
    page = { list: [{ id: 2 }, { id: 1 }], total: 2 }
    await l.load({ getNew: true })
    expect(l.list.map((i) => i.id)).toEqual([2, 1])
    expect(l.total).toBe(2)
    page = { list: [{ id: 3 }] }
    await l.load({ getNew: true })
    expect(l.list.map((i) => i.id)).toEqual([3, 2, 1])
    expect(l.total).toBe(2)
  })

  test('a load that a reset overtook does not end the sharing of the reset’s load', async () => {
    const waiting: Array<(d: PagedData<Item>) => void> = []
    let calls = 0
    const l = new PagedList<Item>(() => {
      calls++
      return new Promise((r) => waiting.push(r))
    })
    const first = l.load()
    const reset = l.load({ reset: true })
    waiting[0]({ list: [{ id: 1 }], totalPage: 3 })
    await first
    expect(l.load()).toBe(reset)
    expect(calls).toBe(2)
    waiting[1]({ list: [{ id: 2 }], totalPage: 3 })
    await reset
    expect(l.list.map((i) => i.id)).toEqual([2])
  })

  test('R4.13 R4.16 a pull-down refresh during a load-more: the refreshed first page is the list, the older next page arriving late is left', async () => {
    const waiting: Array<(d: PagedData<Item>) => void> = []
    const l = new PagedList<Item>(() => new Promise((r) => waiting.push(r)))
    const first = l.load()
    waiting[0]({ list: [{ id: 1 }], totalPage: 3 })
    await first
    const more = l.load() // page 2, on its way
    const refresh = l.load({ reset: true })
    waiting[2]({ list: [{ id: 9 }, { id: 1 }], totalPage: 3 }) // the refresh answers first: a new item on top
    await refresh
    waiting[1]({ list: [{ id: 2 }], totalPage: 3 }) // then the page 2 asked for before it
    await more
    expect(l.list.map((i) => i.id)).toEqual([9, 1])
    expect(l.currentPage).toBe(1)
    expect(l.loading).toBe(false)
  })

  test('R4.13 a clear while a page is on its way: the list stays empty and not loading, its answer arriving late is left', async () => {
    const waiting: Array<(d: PagedData<Item>) => void> = []
    const l = new PagedList<Item>(() => new Promise((r) => waiting.push(r)))
    const first = l.load()
    l.clear() // another viewer's list (a logout): what the last one asked for is not theirs
    expect(l.loading).toBe(false)
    waiting[0]({ list: [{ id: 1 }], totalPage: 3 })
    await first
    expect(l.list).toEqual([])
    expect(l.currentPage).toBe(0)
  })

  test('R4.19 an unknown target is a client failure of load', async () => {
    const lists = new PagedLists({ liveRooms: new PagedList(server(3).fetcher) })
    await expect(lists.load('nothing')).rejects.toMatchObject({ kind: 'client', errMsg: 'load:fail unknown data' })
  })
})
