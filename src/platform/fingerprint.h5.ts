/**
 * H5: the visitor id of the open-source FingerprintJS (spec R4.9), loaded with a dynamic import so the library is a
 * separate chunk fetched on a first visit only (a later visit reads the cached fingerprint and never loads it).
 *
 * The id is FingerprintJS's own hash (`hashComponents`) of the sources below, read by its own `loadSources`, one
 * source per task. They are the ones that tell this audience's phones apart at little cost: the library's audio and
 * screen sources (imported by name), WebGL's vendor and renderer (the phone's GPU), and what the browser says of its
 * languages, hardware, touch and display preferences. Left out, measured in Chromium at 4x CPU: `fonts` 430 ms and
 * `fontPreferences` 176 ms (phones of one system ship the same fonts), `webGlExtensions` 195 ms, `timezone` and
 * `dateTimeLocale` about 100 ms each (a regional broadcaster's viewers share one time zone; `languages` carries the
 * locale); and the ad-blocker, plugin, storage-API and math probes, which add little on phones. The canvas source is
 * left out too: drawing its text (two fonts and an emoji, each found through the system's font fallback) and encoding
 * it twice was the longest task of a first visit's start, 34 ms at 1x, where the page waits on it; without it
 * Lighthouse's blocking time went 172 → 135 ms on home and 259 → 201 ms on the live room (median of 5, side by side,
 * docs/performance.md). What it told apart (the GPU, the system's version) the WebGL and screen sources mostly tell
 * too. Importing the library's pieces by name rather than its `sources` table keeps its other 30-odd sources out of the
 * chunk: 3.5 KB gzip instead of 15.6 KB, on every first visit's first load.
 *
 * Where Safari randomises audio read-outs per session (WebKit's fingerprinting protection), that source gives a
 * constant instead, as the library's own stable variant does, so a returning visitor whose storage was cleared still
 * gets the same id.
 */

/** The sources read, in this order (the asynchronous ones first, as the library orders its own). */
type SourceTable = Record<string, () => unknown>

/** The library's functions in use (webpackExports: the build keeps only these of the library). */
async function library() {
  const {
    isWebKit,
    getUnstableAudioFingerprint,
    getUnstableScreenFrame,
    getUnstableScreenResolution,
    getWebGLContext,
    loadSources,
    hashComponents
  } = await import(
    /* webpackChunkName: "fingerprint" */
    /* webpackExports: ["isWebKit", "getUnstableAudioFingerprint", "getUnstableScreenFrame", "getUnstableScreenResolution", "getWebGLContext", "loadSources", "hashComponents"] */
    '@fingerprintjs/fingerprintjs'
  )
  const webkit = isWebKit()
  const nav = navigator as Navigator & { deviceMemory?: number }
  const media = (query: string) => matchMedia(query).matches
  const table: SourceTable = {
    audio: () => (webkit ? -4 : getUnstableAudioFingerprint()),
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
    webGlBasics: () => webGlBasics(getWebGLContext({})),
    pdfViewerEnabled: () => nav.pdfViewerEnabled
  }
  return { table, loadSources, hashComponents }
}

/** WebGL's version, vendor and renderer (the GPU): the library's own `webGlBasics` read-out. */
function webGlBasics(gl: WebGLRenderingContext | undefined): unknown {
  if (!gl || typeof gl.getParameter !== 'function') return -1
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  const read = (p: number) => String(gl.getParameter(p) ?? '')
  return {
    version: read(gl.VERSION),
    vendor: read(gl.VENDOR),
    renderer: read(gl.RENDERER),
    shadingLanguageVersion: read(gl.SHADING_LANGUAGE_VERSION),
    vendorUnmasked: info ? read(info.UNMASKED_VENDOR_WEBGL) : '',
    rendererUnmasked: info ? read(info.UNMASKED_RENDERER_WEBGL) : ''
  }
}

/** `cancel`: once the request core stops waiting (src/core/fingerprint.ts), the sources not yet read are skipped. */
export async function visitorId(cancel: { cancelled: boolean } = { cancelled: false }): Promise<string | null> {
  try {
    const { table, loadSources, hashComponents } = await library()
    if (cancel.cancelled) return null
    const sources = Object.fromEntries(
      Object.entries(table).map(([name, source]) => [
        name,
        () => {
          if (cancel.cancelled) throw new Error('fingerprint no longer awaited')
          return source()
        }
      ])
    )
    // 0: the library yields to the page after every source (its default batches 16 ms), so no two sources share a task
    const components = await loadSources(sources, undefined, [], 0)()
    if (cancel.cancelled) return null
    return hashComponents(components) || null
  } catch {
    return null
  }
}
