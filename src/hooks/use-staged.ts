import { useEffect, useState } from 'react'

/**
 * Staged first render: 0 until `ready`, then 1, 2, … up to `stages`, one more each task. A page renders its
 * first screen when its data arrives and what lies below it stage by stage in the tasks after, so the browser
 * paints the first screen before the rest and no render is one long task (home rendered every section in one
 * 350 ms task at 4x CPU). In the mini-program the first `setData` carries only the first screen. Once shown, a
 * stage stays.
 */
export function useStaged(ready: boolean, stages = 1): number {
  const [shown, setShown] = useState(0)
  useEffect(() => {
    if (!ready || shown >= stages) return
    if (shown === 0) {
      setShown(1)
      return
    }
    const timer = setTimeout(() => setShown(shown + 1), 0)
    return () => clearTimeout(timer)
  }, [ready, shown, stages])
  return shown
}
