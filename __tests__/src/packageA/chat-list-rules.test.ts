/*
 * The chat's pure rules on a hand-moved clock, without a server: the shown list (chat-list.ts: each message once, in
 * msg_id order, flushed every flushInterval, the last maxMessages kept, live batches to the flying layer) and the
 * check of a new 屏蔽词 (block-word.ts). The chat's round trips through the reference server are in chat.test.ts.
 */
import { isObservableProp, reaction } from 'mobx'
import { MessageList, type MessageListHost } from '@/packageA/components/danmaku/chat-list'
import type { ChatMessage } from '@/packageA/components/danmaku/chat-message'
import { checkBlockWord } from '@/packageA/components/danmaku/block-word'
import { BLOCK_WORDS_MAX, BLOCK_WORD_MESSAGES } from '@/packageA/components/danmaku/settings'
import { ManualClock } from '../support/manual-clock'

const msg = (msgId: number, userId = 1): ChatMessage => ({
  msgId,
  userId,
  nickname: '',
  avatar: '',
  text: `m${msgId}`,
  time: 0
})

function setup(maxMessages = 200, flushInterval = 200) {
  const clock = new ManualClock()
  const host: MessageListHost = { deps: { flushInterval, maxMessages, clock }, blocked: new Set() }
  const list = new MessageList(host)
  const ids = () => list.messages.map((m) => m.msgId)
  return { clock, host, list, ids }
}

describe('the shown chat list', () => {
  test('R3.14 messages wait in the queue and show together once the flush interval has passed', async () => {
    const { clock, list, ids } = setup()
    list.deliver(msg(1), true)
    list.deliver(msg(2), true)
    expect(list.queued).toBe(2)
    expect(ids()).toEqual([])
    expect(clock.pending).toBe(1) // one timer for the whole queue
    await clock.advance(199)
    expect(ids()).toEqual([])
    await clock.advance(1)
    expect(ids()).toEqual([1, 2])
    expect(list.queued).toBe(0)
    expect(list.flushes).toBe(1)
    await clock.advance(1000)
    expect(list.flushes).toBe(1) // nothing queued: no change
  })

  test('R3.14 the view follows the list: one change per flush', async () => {
    const { clock, list } = setup()
    expect(isObservableProp(list, 'messages')).toBe(true)
    expect(isObservableProp(list, 'flushes')).toBe(true)
    const seen: number[][] = []
    const stop = reaction(
      () => list.messages,
      (m) => seen.push(m.map((x) => x.msgId))
    )
    list.deliver(msg(1), false)
    list.deliver(msg(2), false)
    await clock.advance(200)
    stop()
    expect(seen).toEqual([[1, 2]])
  })

  test('R3.14 a flush now takes the queue at once and its timer with it', async () => {
    const { clock, list, ids } = setup()
    list.flushNow()
    expect(list.flushes).toBe(0)
    list.deliver(msg(1), false)
    list.flushNow()
    expect(ids()).toEqual([1])
    expect(clock.pending).toBe(0)
    list.deliver(msg(2), false)
    await clock.advance(199)
    expect(ids()).toEqual([1])
    await clock.advance(1)
    expect(ids()).toEqual([1, 2])
  })

  test('R3.14 messages show in msg_id order, whatever order they came in', async () => {
    const { clock, list, ids } = setup()
    list.deliver(msg(5), false)
    list.deliver(msg(6), false)
    await clock.advance(200)
    list.deliver(msg(7), false)
    list.deliver(msg(3), false)
    await clock.advance(200)
    expect(ids()).toEqual([3, 5, 6, 7])
    list.deliver(msg(4), false) // below the last shown
    await clock.advance(200)
    expect(ids()).toEqual([3, 4, 5, 6, 7])
    list.deliver(msg(8), false)
    list.deliver(msg(8.5), false)
    await clock.advance(200)
    expect(ids()).toEqual([3, 4, 5, 6, 7, 8, 8.5])
  })

  test('R9.4 the list keeps the last maxMessages; what was trimmed is never delivered again', async () => {
    const { clock, list, ids } = setup(3)
    for (const id of [1, 2, 3, 4, 5]) list.deliver(msg(id), false)
    expect(list.has(5)).toBe(true)
    expect(list.has(6)).toBe(false)
    await clock.advance(200)
    expect(ids()).toEqual([3, 4, 5])
    expect(list.has(1)).toBe(true) // trimmed: too old to show again
    expect(list.has(2)).toBe(true)
    expect(list.has(3)).toBe(true)
    list.deliver(msg(6), false)
    await clock.advance(200)
    expect(ids()).toEqual([4, 5, 6])
    expect(list.has(3)).toBe(true)
    const exact = setup(2)
    exact.list.deliver(msg(1), false)
    exact.list.deliver(msg(2), false)
    await exact.clock.advance(200)
    expect(exact.ids()).toEqual([1, 2])
    expect(exact.list.has(0.5)).toBe(false)
  })

  test('R3.14 each flush hands its live messages to the flying layer, history and blocked users left out', async () => {
    const { clock, host, list } = setup()
    const batches: number[][] = []
    const off = list.onBatch((b) => batches.push(b.map((m) => m.msgId)))
    host.blocked.add(9)
    list.deliver(msg(1), true)
    list.deliver(msg(2), false)
    list.deliver(msg(3, 9), true)
    list.deliver(msg(4), true)
    await clock.advance(200)
    expect(batches).toEqual([[1, 4]])
    list.deliver(msg(5), false) // nothing live: no batch
    await clock.advance(200)
    expect(batches).toEqual([[1, 4]])
    off()
    list.deliver(msg(6), true)
    await clock.advance(200)
    expect(batches).toEqual([[1, 4]])
  })

  test('while held (no page shows the room) nothing flushes; the hold’s end shows what came, in one flush, and none of it flies', async () => {
    const { clock, list, ids } = setup()
    const flown: number[] = []
    list.onBatch((b) => flown.push(...b.map((m) => m.msgId)))
    list.hold(true)
    list.deliver(msg(2), true)
    list.deliver(msg(1), true)
    list.flushNow()
    await clock.advance(5000)
    expect(ids()).toEqual([])
    expect(list.flushes).toBe(0)
    expect(clock.pending).toBe(0)
    list.hold(false)
    expect(ids()).toEqual([1, 2])
    expect(list.flushes).toBe(1)
    expect(flown).toEqual([])
    // shown again: live messages fly as before
    list.deliver(msg(3), true)
    await clock.advance(200)
    expect(flown).toEqual([3])
  })

  test('a flush due as the hold starts waits for its end', async () => {
    const { clock, list, ids } = setup()
    list.deliver(msg(1), true)
    list.hold(true)
    await clock.advance(200)
    expect(ids()).toEqual([])
    list.hold(false)
    expect(ids()).toEqual([1])
  })

  test('a long hold in a busy room keeps the newest maxMessages waiting; those cut are never delivered again', async () => {
    const { list, ids } = setup(3)
    list.hold(true)
    for (let id = 1; id <= 7; id++) list.deliver(msg(id), true)
    expect(list.queued).toBe(3)
    expect([1, 2, 3, 4].map((id) => list.has(id))).toEqual([true, true, true, true]) // cut: too old to show again
    list.hold(false)
    expect(ids()).toEqual([5, 6, 7])
  })

  test('R9.4 a live message trimmed in its own flush does not fly', async () => {
    const { clock, list } = setup(2)
    const batches: number[][] = []
    list.onBatch((b) => batches.push(b.map((m) => m.msgId)))
    list.deliver(msg(3), true)
    list.deliver(msg(1), true)
    list.deliver(msg(2), true)
    await clock.advance(200)
    expect(batches).toEqual([[3, 2]])
  })
})

describe('a new 屏蔽词', () => {
  test('is trimmed; a word at the length limit or a list one short of full still takes it', () => {
    expect(checkBlockWord('  剧透  ', [])).toEqual({ word: '剧透' })
    expect(checkBlockWord(null as unknown as string, [])).toEqual({ error: BLOCK_WORD_MESSAGES.empty })
    expect(checkBlockWord('长'.repeat(30), [])).toEqual({ word: '长'.repeat(30) })
    expect(checkBlockWord('长'.repeat(31), [])).toEqual({ error: BLOCK_WORD_MESSAGES.tooLong })
    const words = Array.from({ length: BLOCK_WORDS_MAX - 1 }, (_, i) => `词${i}`)
    expect(checkBlockWord('再一个', words)).toEqual({ word: '再一个' })
    expect(checkBlockWord('再一个', [...words, '词'])).toEqual({ error: BLOCK_WORD_MESSAGES.full })
    expect(checkBlockWord('剧透', ['剧透'])).toEqual({ error: BLOCK_WORD_MESSAGES.duplicate })
  })

  test('a regex must compile and must not backtrack without end; a plain word is never judged as one', () => {
    expect(checkBlockWord('/([a-z/', [])).toEqual({ error: BLOCK_WORD_MESSAGES.badRegex })
    expect(checkBlockWord('/(a+)+$/', [])).toEqual({ error: BLOCK_WORD_MESSAGES.slowRegex })
    expect(checkBlockWord('/加.?微.?信/i', [])).toEqual({ word: '/加.?微.?信/i' })
    expect(checkBlockWord('(a+)+', [])).toEqual({ word: '(a+)+' })
  })
})
