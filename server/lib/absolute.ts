import type { FastifyRequest } from 'fastify'

const ABS_PREFIXES = ['/img/', '/files/', '/m2/', '/sandbox/']

const STREAM_PREFIX = '/hls/'

/**
 * Where the streams are served from: `STREAM_ORIGIN` (a deployment's CDN host, `http://localhost:8080` beside a page
 * on `http://127.0.0.1:8080`), else the request's own origin. The /hls/ routes answer any origin (CORS `*`).
 */
function streamBase(base: string): string {
  return process.env.STREAM_ORIGIN?.trim().replace(/\/+$/, '') || base
}

/**
 * Makes root-relative media and page paths absolute from the request Host (mini-programs need absolute URLs); stream
 * paths from streamBase.
 */
export function absolutize(value: unknown, base: string): unknown {
  if (typeof value === 'string') {
    if (value.startsWith(STREAM_PREFIX)) return streamBase(base) + value
    return ABS_PREFIXES.some((p) => value.startsWith(p)) ? base + value : value
  }
  if (Array.isArray(value)) return value.map((v) => absolutize(v, base))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = absolutize(v, base)
    return out
  }
  return value
}

/**
 * `<protocol>://<host>` of the request, for absolute URLs: `PUBLIC_ORIGIN` when set; otherwise the Host header, and
 * X-Forwarded-Host / -Proto only from a proxy that TRUST_PROXY trusts (Fastify's req.host / req.protocol).
 */
export function baseOf(req: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  const fixed = process.env.PUBLIC_ORIGIN
  if (fixed) return fixed.replace(/\/+$/, '')
  const host = req.host || 'localhost'
  return `${req.protocol === 'https' ? 'https' : 'http'}://${/^[\w.:[\]-]+$/.test(host) ? host : 'localhost'}`
}
