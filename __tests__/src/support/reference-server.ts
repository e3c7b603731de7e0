/*
 * The project's reference server (server/start.ts) as a child process on a free loopback port with a fresh database
 * (e2e/child-server.ts), for store and page tests that talk to the real API. Pair it with the node-fetch test environment
 * (`@jest-environment ./__tests__/src/support/node-fetch-environment.js`): Node's fetch, as the mini-program's request
 * behaves (no CORS, no cookie jar).
 */
import { configureRequest } from '@/core/request'
import { startChildServer } from '../../../e2e/child-server'
import { hostsAt } from './hosts'

export interface ReferenceServer {
  origin: string
  stop(): Promise<void>
}

/**
 * How long a server may take to start: a fresh process loads the server (e2e/server-bundle.ts) and seeds its
 * database, which on a machine busy with every other lane has taken over 40 s. A wait for the environment, not a
 * measure of anything.
 */
const START_MS = 120_000

export async function startReferenceServer(): Promise<ReferenceServer> {
  const server = await startChildServer({ timeoutMs: START_MS - 5000, owner: expect.getState().testPath })
  const origin = server.origin
  configureRequest({ hosts: hostsAt(origin) })
  return {
    origin,
    async stop() {
      configureRequest({ hosts: null })
      await server.stop()
    }
  }
}

/**
 * The reference server for one test file: started before its tests (beforeAll, every host pointed at it) and stopped
 * after them (afterAll). Call it at the top of the file, before the hooks that use it; `origin` is readable from then on.
 */
export function useReferenceServer(): ReferenceServer {
  let started: ReferenceServer | undefined
  beforeAll(async () => {
    started = await startReferenceServer()
  }, START_MS)
  afterAll(() => started?.stop())
  return {
    get origin() {
      if (!started) throw new Error('the reference server starts in beforeAll: read its origin inside a hook or test')
      return started.origin
    },
    stop: () => started?.stop() ?? Promise.resolve()
  }
}

/** The URL a fetch is called with, whichever form it takes. */
export const requestUrl = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/** Counts the requests whose URL matches, by wrapping the environment's fetch (the request still goes out). */
export function countRequests(pattern: RegExp) {
  const original = globalThis.fetch
  const seen: string[] = []
  const bodies: string[] = []
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input)
    if (pattern.test(url)) {
      seen.push(url)
      bodies.push(typeof init?.body === 'string' ? init.body : '')
    }
    return original(input, init)
  }
  return {
    get count() {
      return seen.length
    },
    urls: seen,
    bodies,
    restore() {
      globalThis.fetch = original
    }
  }
}

/**
 * Holds back the answers of the requests whose URL matches until `release()` (a slow network), by wrapping the
 * environment's fetch: the requests still reach the server at once. `first`: only the first that many matching
 * answers are held, the later ones pass (an earlier asking's answer arriving after a later one's); `skip`: that many
 * matching answers pass before the held ones (a later asking's answer held, an earlier one's not). `answered()`: how
 * many matching answers the server has written so far. `restore()` puts the fetch back.
 */
export function holdAnswers(pattern: RegExp, first = Infinity, skip = 0) {
  const original = globalThis.fetch
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  let answered = 0
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await original(input, init)
    if (pattern.test(requestUrl(input))) {
      const nth = answered++
      if (nth >= skip && nth - skip < first) await released
    }
    return answer
  }
  return {
    release: () => release(),
    answered: () => answered,
    restore: () => void (globalThis.fetch = original)
  }
}

/**
 * The next `times` requests whose URL matches fail in transit, as a dropped connection does in the browser (fetch
 * rejects with a TypeError), by wrapping the environment's fetch; the rest pass. `restore()` puts the fetch back.
 */
export function failFetches(pattern: RegExp, times = 1) {
  const original = globalThis.fetch
  let left = times
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    pattern.test(requestUrl(input)) && left-- > 0
      ? Promise.reject(new TypeError('Failed to fetch'))
      : original(input, init)
  return { restore: () => void (globalThis.fetch = original) }
}

/** The demo viewer's login answer (user, access_token…) straight from the server's login call. */
export async function demoLogin<T = { access_token: string }>(origin: string): Promise<T> {
  const r = await fetch(`${origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
  })
  return ((await r.json()) as { data: T }).data
}
