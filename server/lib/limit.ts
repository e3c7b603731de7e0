/**
 * Rate limits and lockouts: fixed windows per key, each checked and counted in one synchronous step, so that no
 * `await` can fall between the check and the count (a burst of concurrent calls sees each other's counts).
 *
 * Two stores: rate limits of a caller (per address or per user) live in memory, bounded; what protects an account or
 * a room (wrong passwords per mobile, guesses per room, codes per number) lives in SQLite (`counters`, through
 * server/repositories/counters.ts), where no flood of keys from rotated addresses can evict it and a restart does not
 * forget it. One process serves the reference deployment; a deployment with several nodes keeps both in a shared store
 * (server/README.md, Security).
 *
 * Every limit the server keeps is a rule of `RULES` (or, where it is counted by other means, of `OTHER_LIMITS`): the
 * concurrency test (__tests__/server/limits-burst.test.ts) bursts each one, and docs/security.md describes each.
 */

export const TOO_FAST_MSG = '操作太频繁，请稍后再试'

/** Every number the limits use; `createServer({limits})` overrides some (tests), the defaults are the deployment's. */
export interface Limits {
  /** seconds an SMS code lives */
  smsTtl: number
  /** seconds between two codes to one number */
  smsCooldown: number
  /** wrong tries before a code is void */
  smsMaxAttempts: number
  /** wrong codes all binders together may give for one number within a code's lifetime (smsTtl) */
  smsBindGuessesPerMobile: number
  /** reports (举报) one user may send per hour */
  reportsPerHour: number
  /** users one user may block (屏蔽) per hour */
  blocksPerHour: number
  /** mall orders one user may create per hour (each opens a payment row) */
  mallOrdersPerHour: number
  /** top-up orders one user may open per hour (each a payment row) */
  topUpOrdersPerHour: number
  /** codes one client (address) may ask for, across numbers, per hour */
  smsPerClientHour: number
  /** codes one number may receive per day */
  smsPerMobileDay: number
  /** wrong passwords per mobile per 15 minutes before password login pauses for that mobile */
  loginFailures: number
  /** logins one user may make per hour, of every kind (each keeps a token and a cookie session for seven days) */
  loginsPerHour: number
  /** wrong passwords per address (3× loginFailures) past which that address's logins slow to one per this many seconds */
  loginSlowSeconds: number
  /** wrong room-password guesses per address and room per 10 minutes */
  roomPasswordGuesses: number
  /** wrong room-password guesses per room from all addresses per 10 minutes, then a cool-down until the window ends */
  roomPasswordGuessesPerRoom: number
  /** likes (the sum of combo) per caller and room per 10 seconds */
  likesPer10s: number
  /** like calls per caller and room per 10 seconds */
  likeCallsPer10s: number
  /** anonymous likes (the sum of combo) per room from all addresses per 10 seconds */
  anonLikesPerRoom10s: number
  /** chat messages and comments per user per 10 seconds */
  chatPer10s: number
  /** binding attempts (a mobile and its code) per user per hour */
  bindMobilePerHour: number
  /** share QR codes one caller may have drawn per minute */
  qrPerMinute: number
  /** uploads per user per day (China time) */
  uploadsPerDay: number
  /** uploaded bytes per user per day (China time) */
  uploadBytesPerDay: number
  /** open sockets per address */
  socketsPerClient: number
  /** open TCP connections per client address (HTTP and WebSocket together) */
  connectionsPerClient: number
  /** messages one socket may send per 10 seconds */
  socketMessagesPer10s: number
  /** seconds after which a viewer's trial of a paid room or playback may start again */
  trialReset: number
  /** seconds a stream token outlives the trial (the client counts its trial from the first frame) */
  trialGrace: number
  /**
   * seconds of a paid recording past its trial that a trial's token still opens: what a player buffers ahead before the
   * trial stops it (hls.js 30 s; a phone's own player may take more)
   */
  trialAheadSeconds: number
  /** anonymous trials that may start per paid room or playback per hour, from all addresses */
  anonTrialsPerHour: number
  /** seconds a stream token lives for a viewer who may watch (bought, or passed the room password) */
  streamTtl: number
}

/** A limit kept by the limiter: what it counts, what keys it, its cap and window, and which store holds it. */
export interface Rule {
  /** what is counted, for docs and messages to operators */
  counts: string
  /** what the key is */
  keyedBy: string
  max: (l: Limits) => number
  windowMs: (l: Limits) => number
  /** kept in SQLite: protects an account or a room, so no flood of other keys may evict it */
  durable: boolean
}

const LOGIN_WINDOW = 15 * 60_000
const GUESS_WINDOW = 10 * 60_000

export const RULES = {
  'sms.address': {
    counts: 'SMS codes asked for, across numbers',
    keyedBy: 'address',
    max: (l) => l.smsPerClientHour,
    windowMs: () => 3600_000,
    durable: false
  },
  'sms.mobile': {
    counts: 'SMS codes sent to one number',
    keyedBy: 'mobile',
    max: (l) => l.smsPerMobileDay,
    windowMs: () => 86400_000,
    durable: true
  },
  'sms.bindtries': {
    counts: 'wrong codes one binder gives for one number (never the owner’s code)',
    keyedBy: 'user and mobile',
    max: (l) => l.smsMaxAttempts,
    windowMs: (l) => l.smsTtl * 1000,
    durable: true
  },
  'sms.bindguesses': {
    counts:
      'wrong codes all binders together give for one number (never the owner’s code): accounts are cheap, so the guesses at one code must not grow with them',
    keyedBy: 'mobile',
    max: (l) => l.smsBindGuessesPerMobile,
    windowMs: (l) => l.smsTtl * 1000,
    durable: true
  },
  'login.mobile': {
    counts: 'password logins evaluated and not succeeded for one mobile (a login in flight counts until it succeeds)',
    keyedBy: 'mobile',
    max: (l) => l.loginFailures,
    windowMs: () => LOGIN_WINDOW,
    durable: true
  },
  'login.device': {
    counts:
      'the same, from the owner’s own device (a valid device cookie of that user): the owner is never locked out by others',
    keyedBy: 'mobile',
    max: (l) => l.loginFailures,
    windowMs: () => LOGIN_WINDOW,
    durable: true
  },
  'login.address': {
    counts: 'wrong passwords from one address, across mobiles; past it the address slows down (login.slow)',
    keyedBy: 'address',
    max: (l) => l.loginFailures * 3,
    windowMs: () => LOGIN_WINDOW,
    durable: false
  },
  'login.slow': {
    counts: 'password logins from an address past login.address: one per loginSlowSeconds',
    keyedBy: 'address',
    max: () => 1,
    windowMs: (l) => l.loginSlowSeconds * 1000,
    durable: false
  },
  'login.sessions': {
    counts:
      'logins of one user, of every kind (password, SMS, WeChat, token, partner, the main host’s check): each keeps a token and a cookie session for seven days',
    keyedBy: 'user',
    max: (l) => l.loginsPerHour,
    windowMs: () => 3600_000,
    durable: true
  },
  'roompw.address': {
    counts: 'wrong room-password guesses from one address for one room',
    keyedBy: 'room and address',
    max: (l) => l.roomPasswordGuesses,
    windowMs: () => GUESS_WINDOW,
    durable: true
  },
  'roompw.room': {
    counts: 'wrong room-password guesses for one room from every address; then every guess waits for the window’s end',
    keyedBy: 'room',
    max: (l) => l.roomPasswordGuessesPerRoom,
    windowMs: () => GUESS_WINDOW,
    durable: true
  },
  'like.calls': {
    counts: 'like calls',
    keyedBy: 'caller and room',
    max: (l) => l.likeCallsPer10s,
    windowMs: () => 10_000,
    durable: false
  },
  'like.count': {
    counts: 'likes (the sum of combo)',
    keyedBy: 'caller and room',
    max: (l) => l.likesPer10s,
    windowMs: () => 10_000,
    durable: false
  },
  'like.anonymous': {
    counts: 'anonymous likes (the sum of combo) from every address',
    keyedBy: 'room',
    max: (l) => l.anonLikesPerRoom10s,
    windowMs: () => 10_000,
    durable: false
  },
  chat: {
    counts: 'chat messages and comments',
    keyedBy: 'user',
    max: (l) => l.chatPer10s,
    windowMs: () => 10_000,
    durable: false
  },
  'bind.mobile': {
    counts: 'mobile binding attempts',
    keyedBy: 'user',
    max: (l) => l.bindMobilePerHour,
    windowMs: () => 3600_000,
    durable: true
  },
  report: {
    counts: 'reports sent (each a row for the moderators)',
    keyedBy: 'user',
    max: (l) => l.reportsPerHour,
    windowMs: () => 3600_000,
    durable: true
  },
  block: {
    counts: 'users blocked (each a row)',
    keyedBy: 'user',
    max: (l) => l.blocksPerHour,
    windowMs: () => 3600_000,
    durable: true
  },
  'mall.order': {
    counts: 'mall orders created (each an order and its payment row)',
    keyedBy: 'user',
    max: (l) => l.mallOrdersPerHour,
    windowMs: () => 3600_000,
    durable: true
  },
  'pay.order': {
    counts: 'top-up orders opened (each a pending payment row)',
    keyedBy: 'user',
    max: (l) => l.topUpOrdersPerHour,
    windowMs: () => 3600_000,
    durable: true
  },
  qrcode: {
    counts: 'share QR codes drawn (a cached code costs nothing)',
    keyedBy: 'caller',
    max: (l) => l.qrPerMinute,
    windowMs: () => 60_000,
    durable: false
  },
  'trial.anonymous': {
    counts: 'anonymous trials started of one paid room or playback, from every address',
    keyedBy: 'room',
    max: (l) => l.anonTrialsPerHour,
    windowMs: () => 3600_000,
    durable: true
  }
} satisfies Record<string, Rule>

export type RuleName = keyof typeof RULES

/**
 * Limits counted by other means than the limiter (a table's own rows, a socket's own count), each in one synchronous
 * step too: listed here so that the concurrency test and docs/security.md cover them as they cover `RULES`.
 */
export const OTHER_LIMITS = {
  'sms.cooldown': 'one code per number per smsCooldown seconds (the sms table’s sent_at, read and written in one step)',
  'sms.attempts': 'wrong tries of one code before it is void (the sms table’s attempts, in one step)',
  'upload.files':
    'uploads per user per day: a row reserved in the uploads table in one transaction before the file is read',
  'upload.bytes':
    'uploaded bytes per user per day: the reserved row’s size set in one transaction once the size is known',
  'socket.address': 'open sockets per address (the hub’s count, checked and counted as the socket opens)',
  'socket.messages': 'messages per socket per 10 seconds (the socket’s own counter)',
  'connection.address': 'open TCP connections per address (counted on the server’s connection event)'
} as const

/** Every limit's name: a rule of the limiter or a limit counted elsewhere. */
export type LimitName = RuleName | keyof typeof OTHER_LIMITS

export interface Window {
  /** when the window began (ms) */
  start: number
  /** what it has counted */
  n: number
  /** when it ends (ms) */
  until: number
}

export interface WindowStore {
  get(key: string): Window | undefined
  set(key: string, w: Window): void
  delete(key: string): void
  /** forgets windows that ended before `now` */
  sweep(now: number): void
}

/**
 * Callers' windows in memory, at most `maxKeys` (bounded whatever a flood of callers sends): ended windows go first,
 * then the least recently counted. Only per-caller rate limits live here, where an evicted window just gives its
 * caller a fresh one, as a new address would have anyway.
 */
class MemoryWindows implements WindowStore {
  private map = new Map<string, Window>()
  constructor(
    private maxKeys: number,
    private now: () => number
  ) {}
  get(key: string) {
    return this.map.get(key)
  }
  set(key: string, w: Window) {
    this.map.delete(key) // most recent last
    if (this.map.size >= this.maxKeys) {
      this.sweep(this.now())
      if (this.map.size >= this.maxKeys) this.map.delete(this.map.keys().next().value as string)
    }
    this.map.set(key, w)
  }
  delete(key: string) {
    this.map.delete(key)
  }
  sweep(now: number) {
    for (const [k, w] of this.map) if (w.until <= now) this.map.delete(k)
  }
}

/** Per-caller windows kept in memory at most (see MemoryWindows). */
const MAX_KEYS = 100_000

/**
 * The limiter the handlers call: synchronous (a check that returned a promise would let the call through), each
 * method reads and writes its window in one step. `subject` is what the rule is keyed by (an address, a user id, a
 * mobile, a room id, or several joined with `:`).
 */
export class Limiter {
  private memory: MemoryWindows
  private durable: WindowStore

  private now: () => number

  /** `durable`: the store of the rules that protect an account or a room (repositories/counters.ts, SQLite) */
  constructor(
    durable: WindowStore,
    private limits: Limits,
    options: { now?: () => number; maxKeys?: number } = {}
  ) {
    this.now = options.now ?? Date.now
    this.memory = new MemoryWindows(options.maxKeys ?? MAX_KEYS, this.now)
    this.durable = durable
  }

  private at(rule: RuleName, subject: string | number) {
    const r: Rule = RULES[rule]
    return {
      store: r.durable ? this.durable : this.memory,
      key: `${rule}:${subject}`,
      max: r.max(this.limits),
      ms: r.windowMs(this.limits)
    }
  }

  private current(store: WindowStore, key: string, now: number): Window | undefined {
    const w = store.get(key)
    return w && w.until > now ? w : undefined
  }

  /** What `subject` has counted under `rule` in its window now. */
  count(rule: RuleName, subject: string | number): number {
    const { store, key } = this.at(rule, subject)
    return this.current(store, key, this.now())?.n ?? 0
  }

  /** Counts `cost` when it fits under the rule's cap in the current window: true; false (nothing counted) when not. */
  take(rule: RuleName, subject: string | number, cost = 1): boolean {
    const { store, key, max, ms } = this.at(rule, subject)
    const now = this.now()
    const w = this.current(store, key, now) ?? { start: now, n: 0, until: now + ms }
    if (w.n + cost > max) return false
    store.set(key, { ...w, n: w.n + cost })
    return true
  }

  /** Counts `cost` without a cap (failures that a later check reads with `over`); the new count. */
  add(rule: RuleName, subject: string | number, cost = 1): number {
    const { store, key, ms } = this.at(rule, subject)
    const now = this.now()
    const w = this.current(store, key, now) ?? { start: now, n: 0, until: now + ms }
    store.set(key, { ...w, n: w.n + cost })
    return w.n + cost
  }

  /** Gives back what a `take` counted for a call that turned out not to count (a right password). */
  refund(rule: RuleName, subject: string | number, cost = 1): void {
    const { store, key } = this.at(rule, subject)
    const w = this.current(store, key, this.now())
    if (w) store.set(key, { ...w, n: Math.max(0, w.n - cost) })
  }

  /** True when `subject` has reached the rule's cap in its current window. */
  over(rule: RuleName, subject: string | number): boolean {
    return this.count(rule, subject) >= this.at(rule, subject).max
  }

  /** Seconds until the rule's current window for `subject` ends (0 when none is running). */
  secondsLeft(rule: RuleName, subject: string | number): number {
    const { store, key } = this.at(rule, subject)
    const now = this.now()
    const w = this.current(store, key, now)
    return w ? Math.ceil((w.until - now) / 1000) : 0
  }

  /** Forgets ended windows (a timer calls it). */
  sweep(): void {
    const now = this.now()
    this.memory.sweep(now)
    this.durable.sweep(now)
  }
}
