import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import zlib from 'node:zlib'
import {
  EDGE_WINDOW_SECONDS,
  MIN_WINDOW_SECONDS,
  availableAt,
  liveClock,
  loadFixture,
  masterPlaylist,
  mediaFile,
  mediaPlaylistName,
  parseLiveStart,
  vodPlaylist
} from '../../streams/hls'
import { PlaylistCache, type SharedPlaylist } from '../../streams/playlist-cache'
import { canonicalStreamId, checkStreamToken, streamGated, type StreamKind } from '../../services/stream-access'
import type { Room } from '../../types'

const NOT_FOUND = { code: 404, msg: '请求的资源不存在', data: null }
const NO_STREAM_ACCESS = { code: 403, msg: '无权观看：请先解锁或输入直播间密码', data: null }
const CUT = { code: 503, msg: '直播流暂时中断', data: null }
const BAD_START = { code: 400, msg: '回看时间不对：start 应为 live 或毫秒时间戳', data: null }
const TOO_FAR = { code: 400, msg: '请求的分片还很远：_HLS_msn 超出了可等待的范围', data: null }

/** The time-shift (回看) a live stream keeps: slow-live rooms (tag 10) and TV/radio channels two hours. */
export const SLOW_LIVE_TAG = 10
export const TIMESHIFT_SLOW_SECONDS = 7200
/** Other rooms: half an hour. A room's own `timeshift` (seconds) overrides both. */
export const TIMESHIFT_DEFAULT_SECONDS = 1800
/**
 * A blocking reload or a part asked for ahead is answered once it exists, within this bound (three target
 * durations, as the HLS spec bounds it); anything further ahead is refused at once.
 */
export const BLOCK_MAX_MS = 6000

/**
 * A paid stream's trial token opens only the trial's part of the stream, by each file's place (`seq`, on every
 * playlist line): of a live room, what was recorded from this long before the trial began (the player starts a few
 * seconds behind the edge, a time-shift playlist of a trial reaches back no further), until the token ends; of a
 * recording, its first trial seconds and the `trialAheadSeconds` a player buffers ahead of them, so a trial never
 * fetches the whole recording.
 */
export const TRIAL_LIVE_LEAD_SECONDS = EDGE_WINDOW_SECONDS

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The media routes. Paid and password rooms and paid playbacks are served only with the signed `token` their room info
 * or playback detail answered (services/stream-access.ts); every playlist line repeats it, as CDNs do. Numeric ids only as the
 * store writes them: `0309` or `309.0` would name no room here and pass ungated, while a CDN or cache that normalises
 * them would serve room 309's stream, so any other spelling of a number is refused; channel streams (`ch1`) are open.
 */
const hlsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app
  type Trial = { from: number; seconds: number }
  type Gate = { access: 'denied' } | { access: 'open' | 'token'; trial: Trial | null }
  const gate = (kind: 'live' | 'vod', id: string, token: unknown): Gate => {
    const what: StreamKind = kind === 'live' ? 'room' : 'playback'
    const n = canonicalStreamId(id)
    if (n === null)
      return kind === 'live' && /^ch[1-9]\d{0,5}$/.test(id) ? { access: 'open', trial: null } : { access: 'denied' }
    if (!streamGated(ctx, what, n)) return { access: 'open', trial: null }
    const granted = checkStreamToken(ctx, what, n, token)
    if (!granted) return { access: 'denied' }
    const trial = granted.trialFrom ? { from: granted.trialFrom, seconds: granted.trialSeconds } : null
    return { access: 'token', trial }
  }
  /** Whether a trial's token opens the media file at place `seq` (TRIAL_LIVE_LEAD_SECONDS, trialAheadSeconds). */
  const inTrial = (kind: 'live' | 'vod', id: string, trial: Trial, segment: number, seq: number): boolean => {
    // the file is the one at that place (the stream repeats the fixture's segments)
    const fx = loadFixture()
    const n = fx.durations.length
    if (seq % n !== segment) return false
    if (kind === 'live') {
      // a trial's playlist starts up to two segments before its lead (its window counts whole segments)
      const clock = liveClock(id)
      return clock.startOf(seq) >= (trial.from - TRIAL_LIVE_LEAD_SECONDS - 2 * clock.segDur) * 1000
    }
    return seq * (fx.total / n) < trial.seconds + ctx.limits.trialAheadSeconds
  }
  const query = (req: FastifyRequest) => req.query as Record<string, unknown>
  // every URI line of a playlist (a rendition's playlist in a master, a segment, a part, a preload hint) carries the token
  const withToken = (playlist: string, token: string) =>
    playlist
      .replace(
        /^((?:\d{3,4}p|audio)(?:\.m3u8|-seg\d+\.ts))(\?[^\n]*)?$/gm,
        (_m, uri: string, q?: string) => `${uri}${q ? `${q}&` : '?'}token=${encodeURIComponent(token)}`
      )
      .replace(
        /URI="([^"]+)"/g,
        (_m, uri: string) => `URI="${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}"`
      )

  /** A live stream's time-shift window in seconds. */
  const windowOf = (id: string): number => {
    if (/^ch\d+$/.test(id)) return TIMESHIFT_SLOW_SECONDS
    const room = ctx.store.doc<Room & { timeshift?: number }>('room', Number(id))
    if (room && Number.isFinite(room.timeshift)) return Math.max(MIN_WINDOW_SECONDS, Number(room.timeshift))
    return room?.tags?.includes(SLOW_LIVE_TAG) ? TIMESHIFT_SLOW_SECONDS : TIMESHIFT_DEFAULT_SECONDS
  }

  /** Live media playlists, built once per part and shared by every viewer (playlist-cache.ts). */
  const playlists = new PlaylistCache()

  /** A small playlist (master, VOD) made for this request: a shared one of its text, the token on every URI line. */
  const made = (req: FastifyRequest, text: string, access: 'open' | 'token'): SharedPlaylist => {
    const body = access === 'token' ? withToken(text, String(query(req).token)) : text
    return { text: body, gzip: () => zlib.gzipSync(body, { level: 6 }) }
  }

  const sendPlaylist = (
    req: FastifyRequest,
    reply: FastifyReply,
    playlist: SharedPlaylist,
    access: 'open' | 'token',
    live: boolean
  ) => {
    reply
      .type('application/vnd.apple.mpegurl')
      .header(
        'cache-control',
        live ? 'no-cache, no-store' : access === 'token' ? 'private, no-store' : 'public, max-age=60'
      )
      .header('access-control-allow-origin', '*')
      .header('vary', 'accept-encoding')
    // a two-hour window is a few hundred KB of text: sent compressed to players that take it (all do); a live
    // playlist's gzip is made once per part for everyone (per token for a paid room)
    if (playlist.text.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(playlist.gzip())
    }
    return reply.send(playlist.text)
  }

  /** A live stream cut by the dev control: 503 at once, or no answer until the cut ends and then a dropped connection. */
  const cutOff = async (id: string, reply: FastifyReply): Promise<boolean> => {
    const cut = ctx.streams.cuts.get(id)
    if (!cut) return false
    const left = cut.until - Date.now()
    if (left <= 0) {
      ctx.streams.cuts.delete(id)
      return false
    }
    if (cut.mode === '503') {
      reply
        .code(503)
        .header('retry-after', String(Math.ceil(left / 1000)))
        .header('access-control-allow-origin', '*')
        .send(CUT)
      return true
    }
    reply.hijack()
    await sleep(left)
    reply.raw.destroy()
    return true
  }

  // a stream's master playlist (its renditions, 清晰度)
  app.get('/hls/:kind/:id/index.m3u8', async (req, reply) => {
    const { kind, id } = req.params as { kind: string; id: string }
    if ((kind !== 'live' && kind !== 'vod') || !/^[\w-]{1,32}$/.test(id)) return reply.code(404).send(NOT_FOUND)
    const g = gate(kind, id, query(req).token)
    if (g.access === 'denied') return reply.code(403).send(NO_STREAM_ACCESS)
    const access = g.access
    if (kind === 'vod') return sendPlaylist(req, reply, made(req, masterPlaylist(), access), access, false)
    const start = parseLiveStart(query(req).start)
    if (start === null) return reply.code(400).send(BAD_START)
    if (await cutOff(id, reply)) return reply
    const master = masterPlaylist({ windowSeconds: windowOf(id), start })
    return sendPlaylist(req, reply, made(req, master, access), access, true)
  })

  // a rendition's media playlist (`720p.m3u8`), segment (`720p-seg3.ts`) or low-latency part (`720p-part3.2.ts`)
  app.get('/hls/:kind/:id/:file', async (req, reply) => {
    const { kind, id, file } = req.params as { kind: string; id: string; file: string }
    if (kind !== 'live' && kind !== 'vod') return reply.code(404).send(NOT_FOUND)
    const rendition = mediaPlaylistName(file)
    const media = rendition ? undefined : mediaFile(file)
    if (!rendition && !media) return reply.code(404).send(NOT_FOUND)
    if (!/^[\w-]{1,32}$/.test(id)) return reply.code(404).send(NOT_FOUND)
    const g = gate(kind, id, query(req).token)
    if (g.access === 'denied') return reply.code(403).send(NO_STREAM_ACCESS)
    const { access, trial } = g
    const q = query(req)
    // a trial's media file by its place: none without one, none outside the trial's part
    if (media && trial) {
      const seq = typeof q.seq === 'string' && /^\d{1,12}$/.test(q.seq) ? Number(q.seq) : null
      if (seq === null || !inTrial(kind, id, trial, media.segment, seq)) return reply.code(403).send(NO_STREAM_ACCESS)
    }
    if (kind === 'live' && (await cutOff(id, reply))) return reply
    const ll = ctx.streams.lowLatency

    if (rendition) {
      if (kind === 'vod') return sendPlaylist(req, reply, made(req, vodPlaylist(rendition), access), access, false)
      let start = parseLiveStart(q.start)
      if (start === null) return reply.code(400).send(BAD_START)
      let windowSeconds = windowOf(id)
      if (trial) {
        // a trial's time-shift reaches back to its lead, no further
        const from = trial.from - TRIAL_LIVE_LEAD_SECONDS
        windowSeconds = Math.min(windowSeconds, Math.max(MIN_WINDOW_SECONDS, Math.ceil(Date.now() / 1000 - from)))
        if (typeof start === 'number') start = Math.max(start, from * 1000)
      }
      // a blocking reload: answered once segment _HLS_msn (part _HLS_part) exists
      if (ll && q._HLS_msn !== undefined) {
        const msn = Number(q._HLS_msn)
        const part = q._HLS_part === undefined ? undefined : Number(q._HLS_part)
        if (!Number.isInteger(msn) || msn < 0 || (part !== undefined && (!Number.isInteger(part) || part < 0)))
          return reply.code(400).send(TOO_FAR)
        const wait = availableAt(id, msn, part) - Date.now()
        if (wait > BLOCK_MAX_MS) return reply.code(400).send(TOO_FAR)
        if (wait > 0) await sleep(wait)
      }
      const skip = ll && (q._HLS_skip === 'YES' || q._HLS_skip === 'v2')
      const token = access === 'token' ? String(q.token) : undefined
      const playlist = playlists.live(id, rendition, { windowSeconds, lowLatency: ll, skip, start }, token)
      return sendPlaylist(req, reply, playlist, access, true)
    }

    const m = media!
    if (kind === 'live' && q.seq !== undefined) {
      // a segment or part of the live clock: one not yet recorded is waited for (a part the preload hint named) or
      // not found (further ahead than a blocking reload would wait)
      const seq = Number(q.seq)
      if (!Number.isInteger(seq) || seq < 0) return reply.code(404).send(NOT_FOUND)
      const wait = availableAt(id, seq, m.part) - Date.now()
      if (wait > (m.part === undefined ? 0 : BLOCK_MAX_MS)) return reply.code(404).send(NOT_FOUND)
      if (wait > 0) await sleep(wait)
    }
    const cache =
      access === 'token'
        ? 'private, max-age=3600'
        : m.part === undefined
          ? 'public, max-age=86400'
          : 'public, max-age=60'
    return reply
      .type('video/mp2t')
      .header('cache-control', cache)
      .header('access-control-allow-origin', '*')
      .send(m.data)
  })
}

export default hlsRoutes
