// Shared helpers of the benchmarks: statistics and the page-side probes.
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]
}

export const median = (values: number[]) => percentile(values, 50)

export const round = (n: number, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n)

export const kb = (bytes: number) => round(bytes / 1024, 1)

export async function post<T = unknown>(origin: string, path: string, body: unknown = {}, token?: string): Promise<T> {
  const r = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body)
  })
  return (await r.json()) as T
}

/** Installed in the page: records requestAnimationFrame deltas until stopped. */
export const FRAME_PROBE = `(() => {
  const w = window;
  w.__frames = [];
  let last = performance.now();
  let on = true;
  w.__stopFrames = () => { on = false; return w.__frames; };
  const tick = (t) => { w.__frames.push(t - last); last = t; if (on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`
