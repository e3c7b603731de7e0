/**
 * H5: the visitor id of the open-source FingerprintJS (spec R4.9). Loaded with a dynamic import so the library is a
 * separate chunk fetched after first paint, not part of the entry bundle.
 */
export async function visitorId(): Promise<string | null> {
  try {
    const FingerprintJS = (await import('@fingerprintjs/fingerprintjs')).default
    const agent = await FingerprintJS.load()
    const result = await agent.get()
    return result.visitorId || null
  } catch {
    return null
  }
}
