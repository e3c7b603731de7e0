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
})
