const ABS_PREFIXES = ['/img/', '/hls/', '/files/', '/m2/', '/sandbox/']

/** Makes root-relative media and page paths absolute from the request Host (mini-programs need absolute URLs). */
export function absolutize(value: unknown, base: string): unknown {
  if (typeof value === 'string') return ABS_PREFIXES.some((p) => value.startsWith(p)) ? base + value : value
  if (Array.isArray(value)) return value.map((v) => absolutize(v, base))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = absolutize(v, base)
    return out
  }
  return value
}
