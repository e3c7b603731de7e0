import { getFingerprint } from '@/core/fingerprint'

/** The launch work waits for an idle moment of the main thread at most this long. */
const LAUNCH_IDLE_CAP = 1000

/**
 * H5: the launch work (src/launch.ts: login state, analytics, the launch query, the messenger's share menu) runs at
 * the main thread's first idle moment (LAUNCH_IDLE_CAP at most; a task later where the browser has no
 * requestIdleCallback, as Safari): its modules are not evaluated in the app's first task with Taro's runtime, its
 * router and the first page (a phone's longest task of the load), and neither a first screen nor a live room's first
 * video frame waits behind them. Its code is in the app's script (`webpackMode: "eager"`: the import evaluates it,
 * fetches nothing). As a chunk of its own it was a sibling of every page's chunks, so the stores and calls both use
 * (the live store, the paged list, the API modules, Taro's request) were copied into both: 7.4 KB gzip of the live
 * room's first load and 6.4 KB of home's, and three more files (docs/performance.md).
 */
export function launchLater(query: Record<string, string>, path: string): void {
  // a first visit's calls wait for the device fingerprint: its sources start a task from now (before any call), so
  // the storage's first read (a few milliseconds on a phone: the browser opens the page's storage) is not part of
  // this task, the app's longest of the start with Taro's router and the first page
  setTimeout(() => void getFingerprint(), 0)
  const run = () => void import(/* webpackMode: "eager" */ './launch').then(({ launch }) => launch(query, path))
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: LAUNCH_IDLE_CAP })
  else setTimeout(run, 0)
}
