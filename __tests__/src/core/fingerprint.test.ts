import {
  FINGERPRINT_KEY,
  FINGERPRINT_LENGTH,
  FINGERPRINT_WAIT,
  getFingerprint,
  randomFingerprint,
  resetFingerprint
} from '@/core/fingerprint'
import { visitorId } from '@/platform/fingerprint'
import { getItem, removeItem } from '@/platform/storage'
import vm from 'node:vm'
import { watchTimeouts } from '../support/timers'

// H5 project: '@/platform/fingerprint' is fingerprint.h5.ts (FingerprintJS). The mini-program variant is proven in
// fingerprint.weapp.test.ts, where the same import resolves to fingerprint.ts.

beforeEach(() => {
  removeItem(FINGERPRINT_KEY)
  resetFingerprint()
})

test('R9.10 R4.9 the fallback is a random 32-character alphanumeric string', () => {
  expect(FINGERPRINT_LENGTH).toBe(32)
  const a = randomFingerprint()
  expect(a).toMatch(/^[A-Za-z0-9]{32}$/)
  expect(randomFingerprint()).not.toBe(a)
})

test('R4.9 the visitor id is generated once and cached in storage', async () => {
  const source = jest.fn(async () => 'visitor-123')
  await expect(getFingerprint(source)).resolves.toBe('visitor-123')
  await expect(getFingerprint(source)).resolves.toBe('visitor-123')
  expect(source).toHaveBeenCalledTimes(1)
  expect(getItem(FINGERPRINT_KEY)).toBe('visitor-123')
})

test('R4.9 concurrent first calls share one generation', async () => {
  const source = jest.fn(() => new Promise<string>((r) => setTimeout(() => r('v-1'), 20)))
  const all = await Promise.all([getFingerprint(source), getFingerprint(source), getFingerprint(source)])
  expect(all).toEqual(['v-1', 'v-1', 'v-1'])
  expect(source).toHaveBeenCalledTimes(1)
})

test('R4.9 R9.10 no visitor id, a failure or a slow library falls back to the random string, cached', async () => {
  const none = await getFingerprint(async () => null)
  expect(none).toMatch(/^[A-Za-z0-9]{32}$/)
  expect(await getFingerprint(async () => 'later')).toBe(none)

  removeItem(FINGERPRINT_KEY)
  expect(await getFingerprint(async () => Promise.reject(new Error('blocked')))).toMatch(/^[A-Za-z0-9]{32}$/)

  removeItem(FINGERPRINT_KEY)
  const slow = () => new Promise<string>((r) => setTimeout(() => r('too-late'), 500))
  expect(await getFingerprint(slow, 50)).toMatch(/^[A-Za-z0-9]{32}$/)
})

/**
 * jsdom has no MessageChannel. FingerprintJS posts through one only to yield when a batch of its sources has run for
 * more than 16 ms, so without it the library fails or succeeds depending on the machine's speed: each test here
 * decides instead. This one installs a timer-backed MessageChannel for its duration.
 */
async function withMessageChannel<T>(run: () => Promise<T>): Promise<T> {
  type Port = { onmessage: ((e: { data: unknown }) => void) | null; postMessage: (data: unknown) => void }
  const g = globalThis as unknown as { MessageChannel?: unknown }
  expect('MessageChannel' in g).toBe(false)
  g.MessageChannel = class {
    port1: Port
    port2: Port
    constructor() {
      const port = (other: () => Port): Port => ({
        onmessage: null,
        postMessage: (data) => setTimeout(() => other().onmessage?.({ data }), 0)
      })
      this.port1 = port(() => this.port2)
      this.port2 = port(() => this.port1)
    }
  }
  try {
    return await run()
  } finally {
    delete g.MessageChannel
  }
}

test('R4.9 H5 loads FingerprintJS on demand and gives its visitor id', async () => {
  await withMessageChannel(async () => {
    const id = await visitorId()
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(await visitorId()).toBe(id)
    // the request core's path: the visitor id becomes the cached fingerprint (with a deadline no busy machine meets:
    // past FINGERPRINT_WAIT the core falls back to a random id, as its own tests here prove)
    await expect(getFingerprint(visitorId, 120000)).resolves.toBe(id)
    expect(getItem(FINGERPRINT_KEY)).toBe(id)
  })
})

/** FingerprintJS as a browser may fail to give it: its chunk not loading, or its sources throwing. */
function failingLibrary(how: 'load' | 'get') {
  if (how === 'load') throw new Error('ChunkLoadError: Loading chunk fingerprintjs failed')
  const actual = jest.requireActual('@fingerprintjs/fingerprintjs')
  return {
    ...actual,
    loadSources: () => () => Promise.reject(new Error('sources failed'))
  }
}

test.each(['load', 'get'] as const)(
  'R4.9 R9.10 H5 where FingerprintJS fails (%s) the visitor id is null, so the random fallback is used and cached',
  async (how) => {
    // an isolated registry: jest would hand this mock's instance to later tests' doMock too
    await jest.isolateModulesAsync(async () => {
      jest.doMock('@fingerprintjs/fingerprintjs', () => failingLibrary(how))
      try {
        await expect(visitorId()).resolves.toBeNull()
        const id = await getFingerprint()
        expect(id).toMatch(/^[A-Za-z0-9]{32}$/)
        expect(id).not.toMatch(/^[0-9a-f]{32}$/) // not a FingerprintJS visitor id
        expect(getItem(FINGERPRINT_KEY)).toBe(id)
        await expect(getFingerprint()).resolves.toBe(id)
      } finally {
        jest.dontMock('@fingerprintjs/fingerprintjs')
      }
    })
  }
)

/** The library's entropy functions the visitor id calls by name (src/platform/fingerprint.h5.ts). */
const LIBRARY_READS = ['getUnstableScreenFrame', 'getUnstableScreenResolution'] as const
/**
 * The library's entropy functions the visitor id must not call: the canvas, the audio context and a WebGL context on
 * the page's thread (each a long task of a first start; WebGL is read in a worker instead).
 */
const LEFT_OUT = ['getUnstableCanvasFingerprint', 'getUnstableAudioFingerprint', 'getWebGLContext'] as const

/**
 * FingerprintJS as the visitor id loads it, with each of its entropy functions (the ones called by name and every
 * source of its own `sources` table) recording its name when read, after taking `costMs` of the main thread (a slower
 * phone), for `run`.
 */
async function withSourcesRead(run: (read: string[]) => Promise<void>, costMs = 0): Promise<void> {
  const actual = jest.requireActual<
    Record<string, unknown> & { sources: Record<string, (...a: unknown[]) => unknown> }
  >('@fingerprintjs/fingerprintjs')
  const read: string[] = []
  const recorded =
    (name: string, fn: (...a: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      read.push(name)
      const until = Date.now() + costMs
      while (Date.now() < until);
      return fn(...args)
    }
  const sources = Object.fromEntries(Object.entries(actual.sources).map(([n, f]) => [n, recorded(`sources.${n}`, f)]))
  const named = Object.fromEntries(
    [...LIBRARY_READS, ...LEFT_OUT].map((n) => [n, recorded(n, actual[n] as (...a: unknown[]) => unknown)])
  )
  // an isolated registry: jest would hand this mock's instance to later tests' doMock too
  await jest.isolateModulesAsync(async () => {
    jest.doMock('@fingerprintjs/fingerprintjs', () => ({ ...actual, ...named, sources }))
    try {
      await run(read)
    } finally {
      jest.dontMock('@fingerprintjs/fingerprintjs')
    }
  })
}

test('R4.9 the visitor id reads the screen through FingerprintJS and none of its costly canvas, audio, page-thread WebGL, font, WebGL-extension, time-zone or Intl-locale sources', async () => {
  await withSourcesRead(async (read) => {
    await withMessageChannel(async () => {
      expect(await visitorId()).toMatch(/^[0-9a-f]{32}$/)
    })
    // the library's own table (fonts, fontPreferences, webGlExtensions, timezone, dateTimeLocale …) is never read
    expect(read.filter((n) => n.startsWith('sources.'))).toEqual([])
    for (const kept of LIBRARY_READS) expect(read).toContain(kept)
    for (const left of LEFT_OUT) expect(read).not.toContain(left)
  })
})

test('R4.9 R9.10 a first call waits 300 ms at most; after that the random fallback is cached and FingerprintJS reads no more sources', async () => {
  expect(FINGERPRINT_WAIT).toBe(300)
  // a slow phone: each of the library's sources takes 70 ms of the main thread, more than the whole wait
  await withSourcesRead(async (read) => {
    await withMessageChannel(async () => {
      // the first call ends at its own deadline timer (read from the timers asked for, not measured)
      const fired: number[] = []
      const timers = watchTimeouts((event, ms) => event === 'fired' && fired.push(ms))
      const id = await getFingerprint(visitorId, 60).finally(() => timers.restore())
      expect(fired).toContain(60)
      expect(id).toMatch(/^[A-Za-z0-9]{32}$/)
      expect(getItem(FINGERPRINT_KEY)).toBe(id)
      const at = read.length
      await new Promise((r) => setTimeout(r, 400))
      // the sources still to come were skipped: at most the one running when the wait ended was read after it
      expect(read.length - at).toBeLessThanOrEqual(1)
      expect(read.length).toBeLessThan(LIBRARY_READS.length)
      // and the fingerprint stays the one cached
      await expect(getFingerprint()).resolves.toBe(id)
    })
  }, 70)
})

/**
 * A browser's worker as the visitor id starts one (a Blob URL of its program's source), run here in a scope of its
 * own: the program sees `self` with an OffscreenCanvas whose WebGL context names `renderer`, or none.
 */
async function withWorkers<T>(renderer: string | null, run: (programs: string[]) => Promise<T>): Promise<T> {
  const g = globalThis as unknown as Record<string, unknown>
  const url = URL as unknown as Record<string, unknown>
  expect(g.Worker).toBeUndefined()
  const programs: string[] = []
  const blobs = new Map<string, Blob>()
  url.createObjectURL = (blob: Blob) => {
    const id = `blob:test/${blobs.size}`
    blobs.set(id, blob)
    return id
  }
  url.revokeObjectURL = (id: string) => blobs.delete(id)
  const gl = renderer && {
    VERSION: 1,
    VENDOR: 2,
    RENDERER: 3,
    SHADING_LANGUAGE_VERSION: 4,
    getExtension: () => ({ UNMASKED_VENDOR_WEBGL: 5, UNMASKED_RENDERER_WEBGL: 6 }),
    getParameter: (p: number) => (p === 3 || p === 6 ? renderer : `param-${p}`)
  }
  g.Worker = class {
    onmessage: ((e: { data: unknown }) => void) | null = null
    onerror: (() => void) | null = null
    terminate = jest.fn()
    constructor(id: string) {
      // jsdom's Blob has no text(): its FileReader reads it
      const reader = new FileReader()
      reader.readAsText(blobs.get(id)!)
      void new Promise<string>((resolve) => (reader.onload = () => resolve(String(reader.result)))).then((program) => {
        programs.push(program)
        const scope = {
          OffscreenCanvas: gl
            ? class {
                getContext = () => gl
              }
            : undefined,
          postMessage: (data: unknown) => setTimeout(() => this.onmessage?.({ data }), 0)
        }
        // a context of its own: the program reaches nothing of this file's, only its worker's `self`
        vm.runInNewContext(program, { self: scope })
      })
    }
  }
  try {
    return await run(programs)
  } finally {
    delete g.Worker
    delete url.createObjectURL
    delete url.revokeObjectURL
  }
}

test('R4.9 H5 reads the GPU from WebGL in a worker, off the page: its renderer enters the visitor id', async () => {
  await withMessageChannel(async () => {
    const ids = []
    for (const renderer of ['Adreno (TM) 650', 'Mali-G78', null]) {
      const id = await withWorkers(renderer, async (programs) => {
        const value = await visitorId()
        expect(programs).toHaveLength(1)
        return value
      })
      expect(id).toMatch(/^[0-9a-f]{32}$/)
      ids.push(id)
    }
    expect(new Set(ids).size).toBe(3)
    // the same GPU, the same id
    expect(await withWorkers('Mali-G78', () => visitorId())).toBe(ids[1])
  })
})
