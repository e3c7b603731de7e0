import zlib from 'node:zlib'
import { LIVE_EPOCH_MS, buildLive, liveStamp, type LiveOptions, type RenditionName } from './hls'

/** Where a paid room's token goes in a cached playlist: a character no playlist has. */
const MARK = '\u0000'
/** Text and gzip kept, all playlists together (a two-hour window is ~330 KB of text and ~25 KB gzipped). */
const MAX_BYTES = 32 * 1024 * 1024
/** Per-viewer (token) gzips kept for one playlist: a viewer asking again within a part is not compressed again. */
const MAX_TOKENS = 32
const GZIP = { level: 6 }

interface Entry {
  /** liveStamp: the segment being recorded and its complete parts when this was built */
  stamp: string
  /** the text cut where the token goes */
  pieces: string[]
  text: string
  gzip?: Buffer
  /** gzips of the text with a token, by token */
  tokens: Map<string, Buffer>
  bytes: number
}

/** What a request is sent: the playlist's text and, once asked for, its gzip (computed once and kept). */
export interface SharedPlaylist {
  text: string
  gzip(): Buffer
}

/**
 * The live media playlists of one server, built once per change and shared by every viewer. A live playlist changes
 * when a part is complete (every 0.5 s); between two changes every request for a room's rendition with the same
 * options gets the same bytes, so it is built (and gzipped) once and kept, keyed by everything it depends on: the room,
 * rendition, window, low latency, delta update and `start`, checked against the clock's stamp. A paid room's token is
 * kept out of the kept text: the text is cut where the token goes and joined with each viewer's token (a join, not a
 * rebuild), its gzip kept per token for the same part. Bounded in bytes (least recently used out first).
 */
export class PlaylistCache {
  private entries = new Map<string, Entry>()
  private bytes = 0

  live(roomKey: string, rendition: RenditionName, o: LiveOptions, token?: string): SharedPlaylist {
    const nowMs = o.nowMs ?? Date.now()
    const epochMs = o.epochMs ?? LIVE_EPOCH_MS
    const key = [roomKey, rendition, o.windowSeconds, o.lowLatency ? 1 : 0, o.skip ? 1 : 0, o.start, epochMs].join(' ')
    const stamp = liveStamp(roomKey, nowMs, epochMs)
    let e = this.entries.get(key)
    if (e) this.drop(key, e)
    if (!e || e.stamp !== stamp) {
      const pieces = buildLive(roomKey, rendition, { ...o, nowMs, epochMs }, MARK).split(MARK)
      const text = pieces.join('')
      e = { stamp, pieces, text, tokens: new Map(), bytes: text.length }
    }
    this.entries.set(key, e) // most recent last
    this.bytes += e.bytes
    this.trim()
    const entry = e
    if (token === undefined) {
      return {
        text: entry.text,
        gzip: () => {
          if (!entry.gzip) {
            entry.gzip = zlib.gzipSync(entry.text, GZIP)
            this.grow(key, entry, entry.gzip.length)
          }
          return entry.gzip
        }
      }
    }
    const text = entry.pieces.join(`&token=${encodeURIComponent(token)}`)
    return {
      text,
      gzip: () => {
        let gz = entry.tokens.get(token)
        if (!gz) {
          gz = zlib.gzipSync(text, GZIP)
          if (entry.tokens.size >= MAX_TOKENS) {
            const [oldest, old] = entry.tokens.entries().next().value as [string, Buffer]
            entry.tokens.delete(oldest)
            this.grow(key, entry, -old.length)
          }
          entry.tokens.set(token, gz)
          this.grow(key, entry, gz.length)
        }
        return gz
      }
    }
  }

  private drop(key: string, e: Entry) {
    this.entries.delete(key)
    this.bytes -= e.bytes
  }

  private grow(key: string, e: Entry, n: number) {
    e.bytes += n
    if (this.entries.get(key) === e) this.bytes += n
    this.trim()
  }

  private trim() {
    while (this.bytes > MAX_BYTES && this.entries.size > 1) {
      const [key, e] = this.entries.entries().next().value as [string, Entry]
      this.drop(key, e)
    }
  }
}
