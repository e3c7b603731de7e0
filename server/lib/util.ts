import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyCookie from '@fastify/cookie'

/** A business failure: answered with HTTP 200 and `{code, msg, data}` where code !== 1. */
export class BizError extends Error {
  constructor(
    public code: number,
    msg: string,
    public data: unknown = null,
    public httpStatus = 200
  ) {
    super(msg)
  }
}

export const biz = (code: number, msg: string, data: unknown = null): BizError => new BizError(code, msg, data)

/** Documented business codes (see server/README.md): the contract's, shared with the client. */
export { CODE } from '../../contract/codes'

export const nowSec = (): number => Math.floor(Date.now() / 1000)

const CN_OFFSET = 8 * 3600 * 1000

/** YYYY-MM-DD of a timestamp (ms) in China time. */
export function cnDate(ms: number): string {
  return new Date(ms + CN_OFFSET).toISOString().slice(0, 10)
}

/** Unix seconds of 00:00 China time of the given date string (YYYY-MM-DD). */
export function cnMidnight(date: string): number {
  return Math.floor((Date.parse(`${date}T00:00:00Z`) - CN_OFFSET) / 1000)
}

export interface Paged<T> {
  currentPage: number
  totalPage: number
  total: number
  list: T[]
}

export function paginate<T>(items: T[], page: number, count: number): Paged<T> {
  const total = items.length
  const totalPage = Math.max(1, Math.ceil(total / count))
  const start = (page - 1) * count
  return { currentPage: page, totalPage, total, list: items.slice(start, start + count) }
}

export const randomToken = (bytes = 24): string => crypto.randomBytes(bytes).toString('hex')

export function hmac(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text).digest('hex').slice(0, 32)
}

const SCRYPT_KEYLEN = 32

function scryptAsync(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, SCRYPT_KEYLEN, (err, key) => (err ? reject(err) : resolve(key)))
  )
}

/**
 * Checks a password against `salt:hash` off the event loop: `hash` is the hex of Node's `crypto.scrypt(password, salt,
 * 32)` with its default cost. The seed's two stored hashes were made so (server/db/seed.ts, server/routes/user).
 */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false
  const [salt, hash] = stored.split(':')
  if (!salt || !hash) return false
  const got = await scryptAsync(password, salt)
  const want = Buffer.from(hash, 'hex')
  return want.length === got.length && crypto.timingSafeEqual(got, want)
}

/** Deterministic pseudo random generator so the seed gives the same demo data every time. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 0x100000000
  }
}

/**
 * A Cookie header's values, parsed by @fastify/cookie (as `req.cookies` is; the first of two equal names counts). A
 * request's own cookies are `req.cookies`: this is for the callers that still pass the header (after the cookie
 * plugin has loaded its parser, i.e. inside a request).
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  return header ? fastifyCookie.parse(header) : {}
}

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string
  )
}

/** Resolves `rel` (a URL path part, still encoded) inside `root`, refusing anything that escapes it. */
export function safeJoin(root: string, rel: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(rel)
  } catch {
    return null
  }
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded))
  return full === root || full.startsWith(root + path.sep) ? full : null
}

export function isFile(p: string | null): p is string {
  try {
    return !!p && fs.statSync(p).isFile()
  } catch {
    return false
  }
}

/** Compares two secrets in constant time (a signature, a password, a room key). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(String(a))
  const y = Buffer.from(String(b))
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

/** China's date (YYYY-MM-DD): visits and shares count once a viewer a day. */
export const chinaDay = (sec = nowSec()) => new Date((sec + 8 * 3600) * 1000).toISOString().slice(0, 10)
