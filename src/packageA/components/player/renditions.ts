import parse from 'hls-parser/parse'
import { setOptions } from 'hls-parser/utils'
import { fetchText } from '@/core/request'
import { WhatwgURL } from '@/platform/url'
// the mini-program's parser is package A's own (src/platform/url.ts); the browser's on H5
import '@/packageA/url'

// tolerant (a real encoder's small deviations still parse) and quiet: what it cannot read gives no renditions
setOptions({ silent: true })

/**
 * A stream's renditions read from its master playlist, for players that switch quality by switching their source: the
 * mini-program's `<video>` and Safari's native HLS on iOS. (hls.js, the web's other player, reads them itself.) The
 * playlist is parsed by hls-parser, a maintained HLS reader; a media playlist (one rendition) or an unreadable
 * answer gives none, and the player offers no 清晰度.
 */
export interface Rendition {
  height: number
  bandwidth: number
  /** the rendition's media playlist, absolute */
  url: string
}

export function parseRenditions(text: string, masterUrl: string): Rendition[] {
  let playlist: ReturnType<typeof parse>
  try {
    playlist = parse(text)
  } catch {
    return []
  }
  if (!playlist.isMasterPlaylist) return []
  const out: Rendition[] = []
  for (const v of playlist.variants) {
    const height = v.resolution?.height
    if (!height || v.isIFrameOnly) continue
    try {
      out.push({ height, bandwidth: v.bandwidth, url: new WhatwgURL(v.uri, masterUrl).href })
    } catch {
      // an address that does not resolve is not offered
    }
  }
  return out
}

/** The renditions of the stream at `src`; none when it has one, or its playlist cannot be read. */
export async function loadRenditions(src: string): Promise<Rendition[]> {
  if (!/\.m3u8($|\?)/i.test(src)) return []
  try {
    return parseRenditions(await fetchText(src), src)
  } catch {
    return []
  }
}
