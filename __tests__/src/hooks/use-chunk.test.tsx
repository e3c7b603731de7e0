/*
 * The lazily loaded chunks' hook (src/hooks/use-chunk.ts) as the live room, the activity stage and the mini-player call
 * it, over `lazyChunk` (src/utils/chunk.ts): a chunk whose load fails (a phone's network error) is asked again after
 * 1 s, 3 s and 9 s while it is still wanted, on a clock the test moves; after the last try the screen is told it failed
 * (it shows 点击重试), and a retry asks it again.
 */
import { useChunk, useChunkState } from '@/hooks/use-chunk'
import { CHUNK_RETRY_MS, lazyChunk } from '@/utils/chunk'
import { ManualClock } from '../support/manual-clock'
import { act } from 'preact/test-utils'
import { renderHook } from '../support/hook-host'

/** Moves the clock on inside act(): the hook's renders and effects are flushed as a browser would by then. */
const advance = (clock: ManualClock, ms: number) => act(() => clock.advance(ms))

/** A chunk whose first `failing` loads fail; `tries` counts the loads. */
function flakyChunk(failing: number) {
  let tries = 0
  const load = lazyChunk(() => {
    tries++
    return tries <= failing
      ? Promise.reject(new Error('Loading chunk premium failed'))
      : Promise.resolve({ name: 'premium' })
  })
  return {
    load,
    get tries() {
      return tries
    }
  }
}

test('a chunk that fails to load is asked again a second later and shows when that load comes', async () => {
  const clock = new ManualClock()
  const chunk = flakyChunk(1)
  const host = renderHook((wanted: boolean) => useChunk(chunk.load, wanted, clock), true)
  await advance(clock, 0)
  expect(chunk.tries).toBe(1)
  expect(host.current).toBeNull()
  await advance(clock, CHUNK_RETRY_MS[0] - 1)
  expect(chunk.tries).toBe(1)
  await advance(clock, 1)
  expect(chunk.tries).toBe(2)
  await advance(clock, 0) // the load's answer renders
  expect(host.current).toEqual({ name: 'premium' })
  host.unmount()
})

test('a chunk that keeps failing is asked four times in all (after 1 s, 3 s and 9 s), then left; one no longer wanted is not asked again', async () => {
  const clock = new ManualClock()
  const chunk = flakyChunk(Infinity)
  const host = renderHook((wanted: boolean) => useChunk(chunk.load, wanted, clock), true)
  await advance(clock, 0)
  for (const ms of CHUNK_RETRY_MS) await advance(clock, ms)
  await advance(clock, 60_000)
  expect(chunk.tries).toBe(4)
  expect(host.current).toBeNull()
  expect(clock.pending).toBe(0)
  host.unmount()

  const gone = flakyChunk(Infinity)
  const left = renderHook((wanted: boolean) => useChunk(gone.load, wanted, clock), true)
  await advance(clock, 0)
  left.unmount() // the room is closed while the retry waits
  await advance(clock, 60_000)
  expect(gone.tries).toBe(1)
  expect(clock.pending).toBe(0)
})

test('a chunk that failed every try is reported failed, and a retry (the screen’s 点击重试) asks it again with its retries', async () => {
  const clock = new ManualClock()
  const chunk = flakyChunk(5)
  const host = renderHook((wanted: boolean) => useChunkState(chunk.load, wanted, clock), true)
  await advance(clock, 0)
  expect(host.current.failed).toBe(false)
  for (const ms of CHUNK_RETRY_MS.slice(0, -1)) await advance(clock, ms)
  expect(host.current.failed).toBe(false) // still trying: no failure shown while a retry waits
  await advance(clock, CHUNK_RETRY_MS[CHUNK_RETRY_MS.length - 1])
  await advance(clock, 0)
  expect(chunk.tries).toBe(4)
  expect(host.current).toMatchObject({ module: null, failed: true })
  expect(clock.pending).toBe(0)

  await act(() => host.current.retry())
  expect(chunk.tries).toBe(5) // asked at once
  expect(host.current.failed).toBe(false)
  await advance(clock, CHUNK_RETRY_MS[0])
  await advance(clock, 0)
  expect(chunk.tries).toBe(6)
  expect(host.current).toMatchObject({ module: { name: 'premium' }, failed: false })
  host.unmount()
})

test('two screens waiting for one chunk that failed: the retry of one brings it to both', async () => {
  const clock = new ManualClock()
  let network = false
  let tries = 0
  const load = lazyChunk(() => {
    tries++
    return network ? Promise.resolve({ name: 'stage' }) : Promise.reject(new Error('Loading chunk act-stage failed'))
  })
  const side = renderHook((wanted: boolean) => useChunkState(load, wanted, clock), true)
  const full = renderHook((wanted: boolean) => useChunkState(load, wanted, clock), true)
  await advance(clock, 0)
  for (const ms of CHUNK_RETRY_MS) await advance(clock, ms)
  await advance(clock, 0)
  expect([side.current.failed, full.current.failed]).toEqual([true, true])
  expect(clock.pending).toBe(0)

  network = true
  const before = tries
  await act(() => full.current.retry())
  await advance(clock, 0) // the load's answer renders the screen that asked
  await advance(clock, 0) // and the other, which takes the chunk lazyChunk keeps
  expect(full.current).toMatchObject({ module: { name: 'stage' }, failed: false })
  expect(side.current).toMatchObject({ module: { name: 'stage' }, failed: false })
  expect(tries).toBe(before + 1) // the other screen took the loaded chunk, not a load of its own
  side.unmount()
  full.unmount()
})
