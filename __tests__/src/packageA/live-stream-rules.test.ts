/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * Live streams' rules as the players, the 视听 player page and the activity stage use them: the retry backoff of a
 * failed stream (1 s doubling to 30 s, ±20 %, 点击重试 after two minutes), wall-clock dates in a time-shift window,
 * today's programmes against it (从头看 / 回看), the network's notice and slow start, and a pushed activity waiting
 * for the viewer's picture as the latency changes (回看 and 回到直播).
 */
import { Backoff, FIRST_RETRY_MS, GIVE_UP_MS, MAX_RETRY_MS } from '@/utils/backoff'
import { dateWindow, timeOfDate } from '@/utils/media-dates'
import { programmeRows } from '@/packageA/pages/watch/store'
import { timeLeftText } from '@/packageA/components/activities/time-left'
import { normalizeSchedule } from '@/stores/media-schedule'
import { networkKind } from '@/platform/network'
import { QUEUE_TICK_MS, StageStore } from '@/packageA/components/activities/stage'
import type { ActivityModule, ActivityStore } from '@/packageA/components/activities/types'
import { ManualClock } from '../support/manual-clock'
import { useFaultServer } from '../support/fault-server'

describe('the retry backoff of a failed stream', () => {
  test('1 s, then doubling to 30 s, each varied by ±20 %; a success starts again from 1 s', () => {
    const low = new Backoff(() => 0)
    const high = new Backoff(() => 1)
    const mid = new Backoff(() => 0.5)
    const at = (b: Backoff, n: number) => Array.from({ length: n }, (_, i) => b.fail(i * 1000))
    expect(at(mid, 7)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
    expect(at(low, 3)).toEqual([800, 1600, 3200])
    expect(at(high, 3)).toEqual([1200, 2400, 4800])
    expect(FIRST_RETRY_MS).toBe(1000)
    expect(MAX_RETRY_MS).toBe(30000)
    mid.succeed()
    expect(mid.failing).toBe(false)
    expect(mid.fail(100000)).toBe(1000)
    expect(mid.failing).toBe(true)
  })
  test('after two minutes of failures it stops (点击重试); a success in between resets the clock', () => {
    const b = new Backoff(() => 0.5)
    expect(b.fail(0)).toBe(1000)
    expect(b.fail(GIVE_UP_MS - 1)).not.toBeNull()
    expect(b.fail(GIVE_UP_MS)).toBeNull()
    const c = new Backoff(() => 0.5)
    c.fail(0)
    c.succeed()
    expect(c.fail(GIVE_UP_MS + 5000)).toBe(1000)
  })
})

describe('wall clock in a time-shift window (EXT-X-PROGRAM-DATE-TIME)', () => {
  const t0 = Date.parse('2026-11-25T10:00:00.000Z')
  const fragments = Array.from({ length: 5 }, (_, i) => ({
    start: 100 + i * 2,
    duration: 2,
    programDateTime: t0 + i * 2000
  }))
  test('a moment inside the window has its media time; outside it none', () => {
    expect(timeOfDate(fragments, t0)).toBe(100)
    expect(timeOfDate(fragments, t0 + 5500)).toBeCloseTo(105.5)
    expect(timeOfDate(fragments, t0 - 1)).toBeNull()
    expect(timeOfDate(fragments, t0 + 10000)).toBeNull()
    expect(timeOfDate([{ start: 0, duration: 2, programDateTime: null }], t0)).toBeNull()
  })
  test('the window’s span', () => {
    expect(dateWindow(fragments)).toEqual({ from: t0, to: t0 + 10000 })
    expect(dateWindow([])).toBeNull()
  })
})

describe('today’s programmes against the window', () => {
  // China time: 08:00–09:00, 09:00–10:00, 10:00–11:00, 11:00–12:00
  const day = '2026-11-25'
  const entries = normalizeSchedule(
    [
      { date: day, start: '08:00', end: '09:00', title: '早间新闻' },
      { date: day, start: '09:00', end: '10:00', title: '生活帮' },
      { date: day, start: '10:00', end: '11:00', title: '午间' },
      { date: day, start: '11:00', end: '12:00', title: '下午' }
    ],
    day
  )
  const at = (hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`)
  test('the one on air offers 从头看 and earlier ones 回看 when their start is inside the window', () => {
    const rows = programmeRows(entries, at('10:20'), { from: at('08:30'), to: at('10:20') })
    expect(rows.map((r) => [r.title, r.onAir, r.replayable, r.later])).toEqual([
      ['早间新闻', false, false, false], // started before the window
      ['生活帮', false, true, false],
      ['午间', true, true, false],
      ['下午', false, false, true]
    ])
  })
  test('without a window (a player that cannot place dates) nothing is offered', () => {
    expect(programmeRows(entries, at('10:20'), null).some((r) => r.replayable)).toBe(false)
  })
})

describe('how long an activity stays open', () => {
  const now = Date.parse('2026-11-25T10:00:00Z')
  const sec = now / 1000
  test('mm:ss under an hour, hours and minutes beyond, nothing when over or without an end', () => {
    expect(timeLeftText(sec + 599, now)).toBe('还剩 09:59')
    expect(timeLeftText(sec + 3600, now)).toBe('还剩 1 小时')
    expect(timeLeftText(sec + 86399, now)).toBe('还剩 23 小时 59 分钟')
    expect(timeLeftText(sec, now)).toBe('')
    expect(timeLeftText(undefined, now)).toBe('')
  })
})

describe('the network (H5: the Network Information API)', () => {
  const connection = (c: object | undefined) =>
    Object.defineProperty(navigator, 'connection', { value: c, configurable: true })
  afterEach(() => connection(undefined))
  test('mobile data is told; 2G and 3G are slow; a browser without the API is taken as Wi-Fi', async () => {
    connection({ type: 'cellular', effectiveType: '3g' })
    expect(await networkKind()).toEqual({ cellular: true, slow: true })
    connection({ type: 'wifi', effectiveType: '4g' })
    expect(await networkKind()).toEqual({ cellular: false, slow: false })
    connection({ effectiveType: 'slow-2g' })
    expect(await networkKind()).toEqual({ cellular: false, slow: true })
    connection(undefined)
    expect(await networkKind()).toEqual({ cellular: false, slow: false })
  })
})

describe('a pushed activity waits for the viewer’s picture, the latency read again as it changes', () => {
  // entering, the stage asks for the running activities' details: a loopback server answers them
  useFaultServer()
  function stageWith(latency: { ms: number }) {
    const shown: string[] = []
    const store: ActivityStore = {
      showing: true,
      applyDetail: () => false,
      applyPush: (type: string) => {
        shown.push(type)
        return true
      }
    }
    const mod = { createStore: () => store, View: () => null } as unknown as ActivityModule
    const loaders = {
      vote: () => Promise.resolve(mod),
      quiz: () => Promise.resolve(mod),
      lottery: () => Promise.resolve(mod),
      rain: () => Promise.resolve(mod),
      redpack: () => Promise.resolve(mod),
      goods: () => Promise.resolve(mod)
    }
    // the room socket's pushes, as the stage subscribes to them
    const handlers = new Map<string, (data: unknown) => void>()
    const socket = {
      connections: 1,
      on: (type: string, fn: (data: unknown) => void) => (handlers.set(type, fn), () => handlers.delete(type))
    }
    // the stage's queue runs on a clock the test moves: the waits below take no real time
    const clock = new ManualClock()
    const stage = new StageStore(1, {
      loaders,
      delayMs: () => latency.ms,
      acquire: () => socket as never,
      release: () => undefined,
      now: () => Math.floor(clock.now() / 1000),
      toast: () => undefined,
      clock
    })
    stage.enter()
    const push = (type: string, data: unknown) => handlers.get(type)!(data)
    return { stage, shown, push, clock }
  }
  test('a viewer ten minutes behind (回看) does not see it yet; back at the edge (回到直播) sees it at once', async () => {
    const latency = { ms: 600_000 }
    const { stage, shown, push, clock } = stageWith(latency)
    push('vote', { id: 1 })
    await clock.advance(1700)
    expect(shown).toEqual([]) // its moment is ten minutes ahead of the picture
    latency.ms = 1500 // 回到直播: the picture is past the moment it was pushed
    await clock.advance(QUEUE_TICK_MS) // the queue's next look
    expect(shown).toEqual(['vote'])
    stage.leave()
    expect(clock.pending).toBe(0) // the queue's tick stops with the stage
  })
  test('at the live edge it shows after the latency', async () => {
    const latency = { ms: 300 }
    const { stage, shown, push, clock } = stageWith(latency)
    push('quiz', { id: 2 })
    await clock.advance(299)
    expect(shown).toEqual([])
    await clock.advance(QUEUE_TICK_MS) // due at 300 ms, seen at the tick after it (400 ms)
    expect(shown).toEqual(['quiz'])
    stage.leave()
  })
})
