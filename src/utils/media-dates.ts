/**
 * Wall clock and media time of a live HLS stream: every segment carries its EXT-X-PROGRAM-DATE-TIME, which hls.js keeps
 * on its fragments, so a moment of the day (a programme's scheduled start) has a place in the time-shift window.
 */
export interface DatedFragment {
  start: number
  duration: number
  programDateTime: number | null
}

/** The media time of a wall-clock moment, from the dated fragments of the playlist; null outside them. */
export function timeOfDate(fragments: readonly DatedFragment[], ms: number): number | null {
  for (const f of fragments) {
    if (f.programDateTime === null) continue
    const end = f.programDateTime + f.duration * 1000
    if (ms >= f.programDateTime && ms < end) return f.start + (ms - f.programDateTime) / 1000
  }
  return null
}

/** The wall-clock span of the dated fragments, ms since the epoch; null when none is dated. */
export function dateWindow(fragments: readonly DatedFragment[]): { from: number; to: number } | null {
  const dated = fragments.filter((f) => f.programDateTime !== null)
  if (!dated.length) return null
  const last = dated[dated.length - 1]
  return { from: dated[0].programDateTime as number, to: (last.programDateTime as number) + last.duration * 1000 }
}

/** The dated fragments of the rendition an hls.js instance plays (or last loaded). */
export function fragmentsOf(hls: import('hls.js').default | null): DatedFragment[] {
  if (!hls) return []
  const level = hls.levels[hls.currentLevel >= 0 ? hls.currentLevel : hls.loadLevel]
  return (level?.details?.fragments ?? []).map((f) => ({
    start: f.start,
    duration: f.duration,
    programDateTime: f.programDateTime ?? null
  }))
}
