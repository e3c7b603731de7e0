import type { Compilation } from 'webpack'

/**
 * Which files each page of the H5 build loads once the app's script runs, for the page template (src/index.html):
 * `{ 'pages/home/home': ['/m2/js/175.….js', '/m2/css/….css'], … }`. The template's inline script looks up the page of
 * the address and preloads them beside the app's own scripts once the first screen is painted, instead of after the
 * app has run (the router asks for a page's chunks only then). With each page,
 * the chunks its first screen asks for at once: the device fingerprint's library (`fingerprint`,
 * src/platform/fingerprint.h5.ts) on every page, and the player's hls.js (`hls`) on the pages that play video. (The
 * launch work is in the app's script: src/launch-later.h5.ts.)
 */
const WITH_EVERY_PAGE = ['fingerprint']
const WITH_THE_PAGE = ['hls']

/** The router's import of a page, in the app's entry (Taro's loader over src/app.config): `./pages/home/home`. */
const PAGE_REQUEST = /^\.\/([\w/-]+)$/
const APP_ENTRY = /[\\/]src[\\/]app\.config/

export function routeChunks(compilation: Compilation, publicPath: string): Record<string, string[]> {
  const entryFiles = new Set<string>()
  for (const entry of compilation.entrypoints.values()) for (const f of entry.getFiles()) entryFiles.add(f)
  const files = (groupFiles: string[]) =>
    groupFiles.filter((f) => /\.(js|css)$/.test(f) && !entryFiles.has(f)).map((f) => publicPath + f)
  const named = (name: string) => {
    const group = compilation.namedChunkGroups.get(name)
    return group ? files(group.getFiles()) : []
  }
  const everyPage = WITH_EVERY_PAGE.flatMap(named)
  const map: Record<string, string[]> = {}
  for (const group of compilation.chunkGroups) {
    const page = group.origins
      .filter((o) => APP_ENTRY.test(o.module?.identifier() || ''))
      .map((o) => PAGE_REQUEST.exec(o.request || '')?.[1])
      .find(Boolean)
    if (!page) continue
    const children = [...group.getChildren()]
      .filter((c) => WITH_THE_PAGE.includes(c.name || ''))
      .flatMap((c) => files(c.getFiles()))
    map[page] = [...new Set([...files(group.getFiles()), ...children, ...everyPage])]
  }
  return map
}
