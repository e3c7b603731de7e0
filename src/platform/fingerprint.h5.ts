/**
 * H5: the visitor id of the open-source FingerprintJS (spec R4.9), loaded with a dynamic import so the library is a
 * separate chunk fetched on a first visit only (a later visit reads the cached fingerprint and never loads it).
 *
 * The id is FingerprintJS's own hash (`hashComponents`) of the sources below, read by its own `loadSources`, one
 * source per task. They are the ones that tell this audience's phones apart at little cost to the page: WebGL's vendor
 * and renderer (the phone's GPU), read in a worker, the library's screen sources (imported by name), and what the
 * browser says of its languages, hardware, touch and display preferences.
 *
 * Left out, measured in Chromium at 4x CPU: `fonts` 430 ms and `fontPreferences` 176 ms (phones of one system ship the
 * same fonts), `webGlExtensions` 195 ms, `timezone` and `dateTimeLocale` about 100 ms each (a regional broadcaster's
 * viewers share one time zone; `languages` carries the locale); and the ad-blocker, plugin, storage-API and math
 * probes, which add little on phones. The canvas source is left out too: drawing its text (two fonts and an emoji,
 * each found through the system's font fallback) and encoding it twice was the longest task of a first visit's start,
 * 34 ms at 1x, where the page waits on it. So is the audio source: creating its audio context took 14–57 ms of the
 * page's thread at 1x, and creating a WebGL context there 30–59 ms (Lighthouse's Chromium, 2026-12-01); at
 * Lighthouse's 4x they were the fingerprint's two long tasks, 135–213 and 83–122 ms, on every first visit's home and
 * live room (docs/performance.md). The audio read-out tells apart mostly what the GPU and the browser's own answers
 * already do (the system and the engine's build), and WebKit randomises it per session anyway. WebGL's read-out is
 * taken in a worker on an OffscreenCanvas (`gpuInWorker`), off the page's thread; a browser without WebGL in workers
 * (iOS before 17) gives none, and never creates the context on the page's thread. Importing the library's pieces by
 * name rather than its `sources` table keeps its other 30-odd sources out of the chunk.
 */

/** The sources read, in this order (the asynchronous one first, as the library orders its own). */
type SourceTable = Record<string, () => unknown>

/** The library's functions in use (webpackExports: the build keeps only these of the library). */
async function library() {
  const { isWebKit, getUnstableScreenFrame, getUnstableScreenResolution, loadSources, hashComponents } = await import(
    /* webpackChunkName: "fingerprint" */
    /* webpackExports: ["isWebKit", "getUnstableScreenFrame", "getUnstableScreenResolution", "loadSources", "hashComponents"] */
    '@fingerprintjs/fingerprintjs'
  )
  const webkit = isWebKit()
  const nav = navigator as Navigator & { deviceMemory?: number }
  const media = (query: string) => matchMedia(query).matches
  const table: SourceTable = {
    webGlBasics: gpuInWorker,
    screenFrame: () => (webkit ? undefined : getUnstableScreenFrame()),
    languages: () => [...(nav.languages ?? [nav.language])],
    colorDepth: () => screen.colorDepth,
    deviceMemory: () => nav.deviceMemory,
    screenResolution: () => (webkit ? undefined : getUnstableScreenResolution()),
    hardwareConcurrency: () => nav.hardwareConcurrency,
    platform: () => nav.platform,
    vendor: () => nav.vendor,
    touchSupport: () => ({ maxTouchPoints: nav.maxTouchPoints, touchEvent: 'ontouchstart' in window }),
    cookiesEnabled: () => nav.cookieEnabled,
    colorGamut: () => ['rec2020', 'p3', 'srgb'].find((g) => media(`(color-gamut: ${g})`)),
    contrast: () => ['more', 'less', 'custom'].find((c) => media(`(prefers-contrast: ${c})`)),
    reducedMotion: () => media('(prefers-reduced-motion: reduce)'),
    hdr: () => media('(dynamic-range: high)'),
    pdfViewerEnabled: () => nav.pdfViewerEnabled
  }
  return { table, loadSources, hashComponents }
}

/** The worker waits no longer for its answer than this (the request core's own wait is shorter on a first call). */
const GPU_WAIT_MS = 1000

/**
 * The worker's whole program, run from its source text (so it must use nothing outside itself): WebGL's version,
 * vendor and renderer (the GPU), as the library's own `webGlBasics` reads them, from a context on an OffscreenCanvas;
 * -1 where the worker has no WebGL.
 */
function readGpu() {
  const scope = self as unknown as { postMessage(message: unknown): void; OffscreenCanvas?: typeof OffscreenCanvas }
  let out: unknown = -1
  try {
    const gl = scope.OffscreenCanvas ? new scope.OffscreenCanvas(1, 1).getContext('webgl') : null
    if (gl && typeof gl.getParameter === 'function') {
      const info = gl.getExtension('WEBGL_debug_renderer_info')
      const read = (p: number) => String(gl.getParameter(p) ?? '')
      out = {
        version: read(gl.VERSION),
        vendor: read(gl.VENDOR),
        renderer: read(gl.RENDERER),
        shadingLanguageVersion: read(gl.SHADING_LANGUAGE_VERSION),
        vendorUnmasked: info ? read(info.UNMASKED_VENDOR_WEBGL) : '',
        rendererUnmasked: info ? read(info.UNMASKED_RENDERER_WEBGL) : ''
      }
    }
  } catch {
    // no WebGL context in this worker: the read-out stays -1
  }
  scope.postMessage(out)
}

/** WebGL's read-out (readGpu) from a worker, off the page's thread; -1 where there is no worker, or no answer. */
function gpuInWorker(): Promise<unknown> {
  return new Promise((resolve) => {
    let worker: Worker
    let url = ''
    try {
      url = URL.createObjectURL(new Blob([`(${readGpu.toString()})()`], { type: 'text/javascript' }))
      worker = new Worker(url)
    } catch {
      if (url) URL.revokeObjectURL(url)
      return resolve(-1)
    }
    const done = (value: unknown) => {
      clearTimeout(timer)
      worker.terminate()
      URL.revokeObjectURL(url)
      resolve(value)
    }
    const timer = setTimeout(() => done(-1), GPU_WAIT_MS)
    worker.onmessage = (e: MessageEvent) => done(e.data)
    worker.onerror = () => done(-1)
  })
}

/** `cancel`: once the request core stops waiting (src/core/fingerprint.ts), the sources not yet read are skipped. */
export async function visitorId(cancel: { cancelled: boolean } = { cancelled: false }): Promise<string | null> {
  try {
    const { table, loadSources, hashComponents } = await library()
    if (cancel.cancelled) return null
    const sources: Record<string, () => unknown> = {}
    for (const [name, source] of Object.entries(table))
      sources[name] = () => {
        if (cancel.cancelled) throw new Error('fingerprint no longer awaited')
        return source()
      }
    // 0: the library yields to the page after every source (its default batches 16 ms), so no two sources share a task
    const components = await loadSources(sources, undefined, [], 0)()
    if (cancel.cancelled) return null
    return hashComponents(components) || null
  } catch {
    return null
  }
}
