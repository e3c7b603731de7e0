// Linux's /proc, read by the tests that end or describe the processes they started (the dev server's tree in
// dev-loop.e2e.ts, WebKit's browser processes in webkit-harness.ts).
import { readdirSync, readFileSync } from 'node:fs'

export interface ProcStat {
  name: string
  /** R running, S waiting, D in the kernel, T stopped, Z ended and not reaped yet */
  state: string
  parent: number
  /** the processor it has used (user and system), in clock ticks */
  ticks: number
}

/** A process's or thread's stat (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`); undefined once it is gone. */
export function procStat(path: string): ProcStat | undefined {
  try {
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so the fields are read after the last ')'
    const stat = readFileSync(path, 'utf8')
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      state: fields[0],
      parent: +fields[1],
      ticks: +fields[11] + +fields[12]
    }
  } catch {
    return undefined
  }
}

/** Process ids of `pid`'s descendants, children before grandchildren. */
export function descendants(pid: number | undefined): number[] {
  if (!pid) return []
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = procStat(`/proc/${entry}/stat`)
    if (stat) children.set(stat.parent, [...(children.get(stat.parent) ?? []), +entry])
  }
  const found: number[] = []
  const next = [pid]
  while (next.length) {
    for (const child of children.get(next.shift()!) ?? []) {
      found.push(child)
      next.push(child)
    }
  }
  return found
}
