/** Leading-edge throttle with a trailing call, default 300 ms (spec R9.16). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait = 300) {
  let last = -Infinity
  let timer: ReturnType<typeof setTimeout> | null = null
  let pending: A | null = null
  const throttled = (...args: A) => {
    const now = Date.now()
    const remaining = wait - (now - last)
    if (remaining <= 0) {
      if (timer) {
        clearTimeout(timer)
        timer = null
      }
      last = now
      fn(...args)
      return
    }
    pending = args
    if (!timer) {
      timer = setTimeout(() => {
        timer = null
        last = Date.now()
        const a = pending as A
        pending = null
        fn(...a)
      }, remaining)
    }
  }
  throttled.cancel = () => {
    if (timer) clearTimeout(timer)
    timer = null
    pending = null
  }
  return throttled
}

/** Resolves in a task of its own (a 0 ms timer): the work after it is not part of the caller's task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
