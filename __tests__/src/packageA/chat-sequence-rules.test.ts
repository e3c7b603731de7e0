/*
 * No chat message is lost silently (chat-sequence.ts, spec R3.14, R7.72, R7.79), on a hand-moved clock with the
 * history call answered by the test: a gap a welcome opens is filled page by page, pushes above it held at most
 * holdMax, a failed page retried with backoff, what the server no longer keeps marked. The same rules through the
 * reference server and a real socket are in chat.test.ts and chat-chaos.test.ts.
 */
import { fetchChatHistory, type HistoryItem } from '@/api/chat'
import { MessageList } from '@/packageA/components/danmaku/chat-list'
import { GAP_MARKER_TEXT, type ChatMessage } from '@/packageA/components/danmaku/chat-message'
import { ChatSequence, GAP_FILL_MAX, GAP_PAGE } from '@/packageA/components/danmaku/chat-sequence'
import { ApiError, CODE, rejection } from '@/utils/errors'
import { ManualClock } from '../support/manual-clock'

jest.mock('@/api/chat', () => ({
  ...jest.requireActual<typeof import('@/api/chat')>('@/api/chat'),
  fetchChatHistory: jest.fn()
}))
const fetchMock = fetchChatHistory as jest.MockedFunction<typeof fetchChatHistory>

const item = (id: number): HistoryItem =>
  ({ msg_id: id, content: JSON.stringify({ text: `m${id}`, user_id: 1 }), msgTimestamp: 0 }) as HistoryItem
const items = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => item(from + i))
const push = (id: number): ChatMessage => ({ msgId: id, userId: 2, nickname: '', avatar: '', text: `p${id}`, time: 1 })

function setup(maxMessages = 200) {
  const clock = new ManualClock()
  const list = new MessageList({ deps: { flushInterval: 200, maxMessages, clock }, blocked: new Set() })
  let active = true
  const host = {
    roomId: 7,
    isActive: () => active,
    deps: { maxMessages, gapRetry: (attempt: number) => 1000 * 2 ** attempt, holdMax: 5000, clock }
  }
  const seq = new ChatSequence(host, list)
  const calls: { after: number; count: number; answer: (r: HistoryItem[]) => void; fail: (e: unknown) => void }[] = []
  fetchMock.mockReset()
  fetchMock.mockImplementation(
    (_room, q) =>
      new Promise((resolve, reject) =>
        calls.push({ after: Number(q?.after_msg_id), count: Number(q?.count), answer: resolve, fail: reject })
      )
  )
  const flying: number[] = []
  list.onBatch((b) => flying.push(...b.map((m) => m.msgId)))
  /** what the list shows, the queue flushed first */
  const shown = () => {
    list.flushNow()
    return list.messages.map((m) => m.msgId)
  }
  const settle = () => clock.advance(0)
  return { clock, list, seq, calls, shown, flying, settle, close: () => (active = false) }
}

describe('the chat sequence', () => {
  test('R7.72 today’s history is where the sequence starts; pushes after it show at once', () => {
    const { seq, shown, calls } = setup()
    seq.historyArrived(items(1, 3))
    expect(seq.maxSeen).toBe(3)
    seq.sync(3)
    seq.accept(push(4), true, 'push')
    seq.accept(push(5), true, 'push')
    expect(shown()).toEqual([1, 2, 3, 4, 5])
    expect(seq.maxSeen).toBe(5)
    // the pushes moved the cursor: a reconnect whose server is at 5 has no gap
    seq.sync(5)
    expect(calls).toHaveLength(0)
    // a push already shown is not shown again
    seq.accept(push(2), true, 'push')
    seq.accept(null, true, 'push')
    expect(shown()).toEqual([1, 2, 3, 4, 5])
  })

  test('R3.15 an unreadable history item is skipped, but its id still counts as seen', () => {
    const { seq, shown, calls } = setup()
    seq.historyArrived([...items(1, 2), { msg_id: 3, content: 'not json' } as HistoryItem, { id: 4 } as HistoryItem])
    expect(seq.maxSeen).toBe(4)
    seq.sync(4)
    expect(calls).toHaveLength(0)
    expect(shown()).toEqual([1, 2])
  })

  test('R7.72 no history today: the first welcome is where the sequence starts', () => {
    const { seq, shown, calls } = setup()
    seq.historyArrived([])
    seq.sync(50)
    expect(calls).toHaveLength(0)
    seq.accept(push(51), true, 'push')
    expect(shown()).toEqual([51])
  })

  test('R3.14 a push before the starting point is known waits for it', () => {
    const { seq, shown } = setup()
    seq.accept(push(3), true, 'push')
    expect(shown()).toEqual([])
    seq.historyArrived(items(1, 2))
    seq.sync(2)
    expect(shown()).toEqual([1, 2, 3])
  })

  test('R7.79 R3.14 a welcome above the cursor opens a gap: filled from history, the pushes above it after it in order', async () => {
    const { seq, shown, calls, settle, flying } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(6)
    expect(calls.map((c) => [c.after, c.count])).toEqual([[3, 3]])
    expect(fetchMock).toHaveBeenCalledWith(7, { after_msg_id: 3, count: 3 })
    seq.accept(push(8), true, 'push')
    seq.accept(push(7), true, 'push')
    expect(shown()).toEqual([1, 2, 3])
    expect(seq.maxSeen).toBe(8)
    calls[0].answer(items(4, 6))
    await settle()
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(flying).toEqual([7, 8])
    expect(calls).toHaveLength(1)
    // the gap closed: the next push shows at once
    seq.accept(push(9), true, 'push')
    expect(shown()).toContain(9)
  })

  test('R7.79 a push the gap’s page brings too shows once, as the push (it flies)', async () => {
    const { seq, shown, calls, settle, flying } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(5)
    seq.accept(push(5), true, 'push')
    seq.accept(push(5), true, 'push') // the same push again: still held
    expect(shown()).toEqual([1, 2, 3])
    calls[0].answer(items(4, 5))
    await settle()
    expect(shown()).toEqual([1, 2, 3, 4, 5])
    expect(shown()).toHaveLength(5)
    expect(flying).toEqual([5])
    expect(shown().length).toBe(5)
  })

  test('R7.79 pushes are held at most holdMax: then they show, and the gap’s messages go in their places later', async () => {
    const { seq, shown, calls, settle, clock } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(6)
    seq.accept(push(7), true, 'push')
    await clock.advance(4999)
    expect(shown()).toEqual([1, 2, 3])
    await clock.advance(1)
    expect(shown()).toEqual([1, 2, 3, 7])
    // while the gap is open, later pushes no longer wait
    seq.accept(push(8), true, 'push')
    expect(shown()).toEqual([1, 2, 3, 7, 8])
    calls[0].answer(items(4, 6))
    await settle()
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    // the gap closed: pushes above a new gap are held again
    seq.sync(10)
    seq.accept(push(11), true, 'push')
    expect(shown()).not.toContain(11)
  })

  test('R7.79 a hold that ends after the gap closed shows nothing twice', async () => {
    const { seq, shown, calls, settle, clock } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(4)
    seq.accept(push(5), true, 'push')
    calls[0].answer(items(4, 4))
    await settle()
    expect(shown()).toEqual([1, 2, 3, 4, 5])
    expect(clock.pending).toBe(0) // the hold's timer went with the last held push
    await clock.advance(10000)
    expect(shown()).toEqual([1, 2, 3, 4, 5])
  })

  test('R7.79 a failed page is asked again after 1 s, then 2 s; a new welcome asks at once', async () => {
    const { seq, shown, calls, settle, clock } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(6)
    calls[0].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    await clock.advance(999)
    expect(calls).toHaveLength(1)
    await clock.advance(1)
    expect(calls).toHaveLength(2)
    calls[1].fail(rejection(0, 'timeout', 'request:fail timeout'))
    await settle()
    await clock.advance(1999)
    expect(calls).toHaveLength(2)
    await clock.advance(1)
    expect(calls).toHaveLength(3)
    calls[2].answer(null as unknown as HistoryItem[]) // an answer without a page: not now either
    await settle()
    expect(calls).toHaveLength(3)
    seq.sync(6) // a new connection: the network is back
    await settle()
    expect(calls).toHaveLength(4)
    calls[3].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    await clock.advance(999) // the backoff started again from 1 s
    expect(calls).toHaveLength(4)
    await clock.advance(1)
    expect(calls).toHaveLength(5)
    calls[4].answer(items(4, 6))
    await settle()
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6])
  })

  test('R7.79 after a successful page the backoff starts again from 1 s', async () => {
    const { seq, calls, settle, clock } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(3 + GAP_PAGE + 5)
    calls[0].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    await clock.advance(1000)
    calls[1].answer(items(4, 3 + GAP_PAGE))
    await settle()
    expect(calls).toHaveLength(3)
    calls[2].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    await clock.advance(999)
    expect(calls).toHaveLength(3)
    await clock.advance(1)
    expect(calls).toHaveLength(4)
  })

  test('R7.79 when the socket stops, held pushes show and a fill waiting out its backoff tries again', async () => {
    const { seq, shown, calls, settle, clock } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(6)
    seq.accept(push(7), true, 'push')
    calls[0].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    seq.stopped()
    expect(shown()).toEqual([1, 2, 3, 7])
    await settle()
    expect(calls).toHaveLength(2)
    expect(clock.pending).toBe(0)
    // a push while the gap is still open shows at once, the hold given up
    seq.accept(push(8), true, 'push')
    expect(shown()).toEqual([1, 2, 3, 7, 8])
    seq.stopped() // nothing held, no fill waiting: nothing happens
    expect(calls).toHaveLength(2)
  })

  test('R7.79 messages the server no longer keeps become one marker row; the rest is fetched', async () => {
    const { seq, shown, calls, settle, list } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(10)
    calls[0].fail(new ApiError(-2, '消息已过期', { after_msg_id: 3, oldest_msg_id: 7 }))
    await settle()
    expect(calls.map((c) => [c.after, c.count])).toEqual([
      [3, 7],
      [6, 4]
    ])
    calls[1].answer(items(7, 10))
    await settle()
    expect(shown()).toEqual([1, 2, 3, 3.5, 7, 8, 9, 10])
    const marker = list.messages.find((m) => m.gap)!
    expect(marker).toMatchObject({ text: GAP_MARKER_TEXT, gap: { from: 4, to: 6 } })
  })

  test('R7.79 a gone answer beyond the gap marks up to the gap’s end only; one at the cursor marks nothing', async () => {
    const { seq, shown, calls, settle } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(5)
    calls[0].fail(new ApiError(-2, 'gone', { after_msg_id: 3, oldest_msg_id: 20 }))
    await settle()
    expect(calls).toHaveLength(1)
    expect(seq.maxSeen).toBe(5)
    const marked = shown()
    expect(marked).toEqual([1, 2, 3, 3.5])
    const other = setup()
    other.seq.historyArrived(items(1, 3))
    other.seq.sync(5)
    other.calls[0].fail(new ApiError(-2, 'gone', { after_msg_id: 3, oldest_msg_id: 4 }))
    await other.settle()
    expect(other.shown()).toEqual([1, 2, 3])
    expect(other.calls).toHaveLength(1) // not marked: asked again after the backoff
    await other.clock.advance(1000)
    expect(other.calls).toHaveLength(2)
    // one message gone: a marker for it alone
    const one = setup()
    one.seq.historyArrived(items(1, 3))
    one.seq.sync(6)
    one.calls[0].fail(new ApiError(-2, 'gone', { after_msg_id: 3, oldest_msg_id: 5 }))
    await one.settle()
    expect(one.calls.map((c) => [c.after, c.count])).toEqual([
      [3, 3],
      [4, 2]
    ])
    one.list.flushNow()
    expect(one.list.messages.find((m) => m.gap)?.gap).toEqual({ from: 4, to: 4 })
  })

  test('R7.79 a rejection that is no answer (a timeout) says nothing about gone messages', async () => {
    const { seq, shown, calls, settle } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(10)
    const err = rejection(0, 'timeout', 'request:fail timeout')
    ;(err as { data: unknown }).data = { after_msg_id: 3, oldest_msg_id: 7 }
    calls[0].fail(err)
    await settle()
    expect(shown()).toEqual([1, 2, 3])
    expect(calls).toHaveLength(1)
  })

  test(`R7.79 a gap of more than ${GAP_FILL_MAX}: a marker for its older part, the newest maxMessages fetched`, async () => {
    const { seq, shown, calls, settle } = setup(200)
    seq.historyArrived(items(1, 1))
    seq.sync(1 + GAP_FILL_MAX + 1)
    expect(calls.map((c) => [c.after, c.count])).toEqual([[GAP_FILL_MAX + 2 - 200, GAP_PAGE]])
    expect(seq.maxSeen).toBe(GAP_FILL_MAX + 2 - 200) // up to the marker: the rest is still to come
    expect(shown()).toEqual([1, 1.5])
    const exact = setup(200)
    exact.seq.historyArrived(items(1, 1))
    exact.seq.sync(1 + GAP_FILL_MAX)
    expect(exact.calls.map((c) => [c.after, c.count])).toEqual([[1, GAP_PAGE]])
    await settle()
  })

  test(`R7.79 R3.14 a fill slowed across many reconnects fetches only what is missing: held pushes are no gap, and no marker while fewer than ${GAP_FILL_MAX} are missing`, async () => {
    const { seq, shown, calls, settle, clock } = setup(200)
    seq.historyArrived(items(1, 1))
    let last = 1
    const missing: number[] = []
    // 20 reconnects at 100 messages a second: each one misses two messages (the welcome says so), the rest arrive
    // as pushes while the first page of history is still out
    for (let r = 0; r < 20; r++) {
      missing.push(++last, ++last)
      seq.sync(last)
      for (let k = 0; k < 58; k++) seq.accept(push(++last), true, 'push')
    }
    expect(last - 1).toBeGreaterThan(GAP_FILL_MAX)
    expect(calls.map((c) => [c.after, c.count])).toEqual([[1, 2]])
    calls[0].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    await clock.advance(1000)
    // the server answers each page as it would: what it has after after_msg_id, at most count
    for (let i = 1; i < calls.length; i++) {
      const c = calls[i]
      c.answer(items(c.after + 1, Math.min(c.after + c.count, last)))
      await settle()
    }
    expect(calls.slice(1).map((c) => [c.after + 1, c.count])).toEqual(
      missing.filter((_, k) => k % 2 === 0).map((id) => [id, 2])
    )
    const list = shown()
    expect(list).toEqual(Array.from({ length: 200 }, (_, k) => last - 199 + k))
    // the gap closed: the next push shows at once
    seq.accept(push(last + 1), true, 'push')
    expect(shown().at(-1)).toBe(last + 1)
  })

  test('R7.79 a full page asks for the next; a short page closes the gap', async () => {
    const { seq, shown, calls, settle } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(3 + GAP_PAGE + 50)
    calls[0].answer(items(4, 3 + GAP_PAGE))
    await settle()
    expect(calls.map((c) => [c.after, c.count])).toEqual([
      [3, GAP_PAGE],
      [3 + GAP_PAGE, 50]
    ])
    calls[1].answer(items(3 + GAP_PAGE + 1, 3 + GAP_PAGE + 10)) // the server has no more
    await settle()
    expect(calls).toHaveLength(2)
    expect(seq.maxSeen).toBe(3 + GAP_PAGE + 50)
    seq.accept(push(3 + GAP_PAGE + 51), true, 'push')
    expect(shown().at(-1)).toBe(3 + GAP_PAGE + 51)
  })

  test('R7.79 a page that does not move the cursor ends the fill at the target', async () => {
    const { seq, calls, settle } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(5)
    calls[0].answer([item(2), item(3)])
    await settle()
    expect(calls).toHaveLength(1)
    seq.accept(push(6), true, 'push')
    expect(seq.maxSeen).toBe(6)
  })

  test('R7.79 a fill stops when the room closes', async () => {
    const { seq, calls, settle, clock, close } = setup()
    seq.historyArrived(items(1, 3))
    seq.sync(6)
    calls[0].fail(new ApiError(CODE.NETWORK_FAILURE, 'request:fail offline', null))
    await settle()
    close()
    await clock.advance(60000)
    expect(calls).toHaveLength(1)
  })

  test('R7.79 a long hold goes out in batches of at most half the kept list, in order', async () => {
    const { seq, shown, calls, settle, list } = setup(4)
    seq.historyArrived(items(1, 1))
    seq.sync(2)
    for (const id of [6, 3, 5, 4]) seq.accept(push(id), true, 'push')
    const flushes = list.flushes
    calls[0].answer(items(2, 2))
    await settle()
    expect(list.flushes - flushes).toBeGreaterThanOrEqual(2)
    expect(shown()).toEqual([3, 4, 5, 6])
  })

  test('R3.15 R7.79 an unreadable item of a page is skipped, its id still moves the fill on; so does an id-only item', async () => {
    const { seq, shown, calls, settle } = setup()
    seq.historyArrived([null as unknown as HistoryItem, ...items(1, 3)])
    seq.sync(7)
    calls[0].answer([
      item(4),
      { msg_id: 5, content: '{' } as HistoryItem,
      { id: 6, content: JSON.stringify({ text: 'm6' }) } as HistoryItem,
      null as unknown as HistoryItem
    ])
    await settle()
    expect(calls.map((c) => [c.after, c.count])).toEqual([
      [3, 4],
      [6, 1]
    ])
    calls[1].answer([item(7)])
    await settle()
    expect(shown()).toEqual([1, 2, 3, 4, 6, 7])
  })
})
