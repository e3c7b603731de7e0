/**
 * Video first: the live room's secondary parts (the group switcher's rooms, and on the web the activity stage's chunk
 * and its detail calls, the tabs, chat and interaction bar: after-video.h5.ts) wait for the player's first frame, so
 * on a slow phone they do not compete with it for the main thread; a stream whose autoplay the browser refused lets
 * them go at once (it loads nothing until the viewer's tap: rules.ts, streamAwaitsTap), and after FIRST_FRAME_CAP they
 * go ahead anyway (a paid room waiting to be unlocked, a stream that does not start). Activities are shown in step with
 * the video (latency.ts), so before the video plays there is nothing to be in step with.
 */
export const FIRST_FRAME_CAP = 2000

let shown = false
let waiting: Array<() => void> = []

/** A new stream is starting: wait for its first frame again. */
export function resetFirstFrame(): void {
  shown = false
}

/** The player shows its first frame: on the web hls.js's video plays; in the mini-program WeChat's <video> plays. */
export function markFirstFrame(): void {
  shown = true
  const run = waiting
  waiting = []
  // one waiter a task: the room's secondary parts (its tabs, chat and bar; the activity details; the group's rooms)
  // each render and send their calls in a task of their own, where together they made one long task just as the video
  // starts (Lighthouse's blocking time, a phone's first seconds of play)
  run.forEach((resolve, i) => (i === 0 ? resolve() : setTimeout(resolve, 0)))
}

/** Resolves at the first frame (at once if it has been shown) or after `cap` ms, whichever is first. */
export function afterFirstFrame(cap = FIRST_FRAME_CAP): Promise<void> {
  if (shown) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      waiting = waiting.filter((w) => w !== done)
      resolve()
    }
    const timer = setTimeout(done, cap)
    waiting.push(done)
  })
}
