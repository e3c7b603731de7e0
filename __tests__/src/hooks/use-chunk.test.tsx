/*
 * The lazily loaded chunks' hook (src/hooks/use-chunk.ts) as the live room, the activity stage and the mini-player call
 * it, over `lazyChunk` (src/utils/chunk.ts): a chunk whose load fails (a phone's network error) is asked again after
 * 1 s, 3 s and 9 s while it is still wanted, on a clock the test moves.
 */
import { CHUNK_RETRY_MS, useChunk } from '@/hooks/use-chunk'
import { lazyChunk } from '@/utils/chunk'
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
