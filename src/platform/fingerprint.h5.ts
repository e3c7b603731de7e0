/**
 * H5: the visitor id of the open-source FingerprintJS (spec R4.9). Loaded with a dynamic import so the library is a
 * separate chunk fetched after first paint, not part of the entry bundle.
 *
 * Speed: the id is FingerprintJS's own hash of its own sources, less the five that cost most on a phone
 * and tell this audience's phones apart least. Measured in Chromium at 4x CPU (the whole set: about 1.1 s of
 * main-thread work on a first visit, most of the home page's blocking time): `fonts` 430 ms and `fontPreferences`
 * 176 ms (phones of one system ship the same fonts), `webGlExtensions` 195 ms (the GPU is already in `webGlBasics`)
 * and `timezone` 100 ms, then `dateTimeLocale` as much (whichever first uses Intl pays for loading it; a regional
 * broadcaster's viewers share one time zone, and `languages` already carries the locale). What is left (canvas,
 * WebGL basics, audio, screen, languages, math, storage, …) takes about 200 ms, one source per task. `sources` and
 * `loadSources` are the library's exports "for private usage": the version is pinned by the lock file, and if they
 * ever change the call fails and the random fallback (R9.10) is used.
 */
const SKIPPED_SOURCES = ['fonts', 'fontPreferences', 'webGlExtensions', 'timezone', 'dateTimeLocale'] as const

/** `cancel`: once the request core stops waiting (src/core/fingerprint.ts), the sources not yet read are skipped. */
export async function visitorId(cancel: { cancelled: boolean } = { cancelled: false }): Promise<string | null> {
  try {
    const fp = await import('@fingerprintjs/fingerprintjs')
    if (cancel.cancelled) return null
    const sources = Object.fromEntries(
      Object.entries(fp.sources).map(([name, source]) => [
        name,
        (options: unknown) => {
          if (cancel.cancelled) throw new Error('fingerprint no longer awaited')
          return (source as (o: unknown) => unknown)(options)
        }
      ])
    ) as typeof fp.sources
    // 0: the library yields to the page after every source (its default batches 16 ms), so no two sources share a task
    const components = await fp.loadSources(sources, { cache: {}, debug: false }, SKIPPED_SOURCES, 0)()
    if (cancel.cancelled) return null
    return fp.hashComponents(components) || null
  } catch {
    return null
  }
}
