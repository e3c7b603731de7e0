import { reaction } from 'mobx'
import { giftSent, liked } from '@/api/gift'
import { roomEntered, roomShared } from '@/api/live'
import { premiumPurchased } from '@/api/premium'
import { followed } from '@/api/streamer'
import { observeCalls, type CompletedCall, type Tracked } from '@/core/call'
import { savedCookies } from '@/core/cookies'
import { currentHosts } from '@/core/request'
import { env } from '@/env'
import { loadAnalytics, type AnalyticsSdk } from '@/platform/analytics'
import { liveStore } from './live'
import { sessionStore } from './session'

/**
 * The events that follow the app's calls (R7.69 enter, R7.76 like, R7.77 gift, R7.70 share, R7.46 follow, R7.88
 * purchase), each declared beside the API function it follows (src/api): which call, its name and its props.
 */
export const TRACKED: readonly Tracked[] = [roomEntered, liked, giftSent, roomShared, followed, premiumPurchased]

/** The events' names (R7.111: a track call carries room and streamer details); a mall order is a purchase too. */
export const EVENTS = {
  enter: roomEntered.event,
  like: liked.event,
  gift: giftSent.event,
  share: roomShared.event,
  follow: followed.event,
  purchase: premiumPurchased.event
} as const

/** R7.111: the script's address with a date-based version (`v=YYYYMMDD`, the device's date), so it is fetched afresh daily. */
export function analyticsScriptUrl(now: Date = new Date(), configured = env.TARO_APP_ANALYTICS_URL): string {
  const base =
    configured.startsWith('/') && !configured.startsWith('//') ? `${currentHosts().live}${configured}` : configured
  const v = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`
  return `${base}${base.includes('?') ? '&' : '?'}v=${v}`
}

/** Room and streamer details of a room the app has loaded (what every track call carries). */
export function roomDetails(roomId: unknown): Record<string, unknown> {
  const id = Number(roomId)
  if (!Number.isFinite(id) || id <= 0) return {}
  const room = liveStore.roomsData[id]
  const streamer = room?.streamer as { id?: number; nick_name?: string; nickName?: string; name?: string } | undefined
  return {
    room_id: id,
    room_title: room?.title ?? '',
    streamer_id: streamer?.id ?? 0,
    streamer_name: streamer?.nick_name || streamer?.nickName || streamer?.name || ''
  }
}

const byCall = new Map(TRACKED.map((t) => [t.call, t]))

/** The event a completed call is, by the call's identity (its declaration), with the room's details first. */
export function eventOf(done: CompletedCall): [string, Record<string, unknown>] | null {
  const tracked = byCall.get(done.call)
  const e = tracked?.of(done)
  return tracked && e ? [tracked.event, { ...roomDetails(e.room), ...e.props }] : null
}

/**
 * Analytics (spec R7.111, R4.10): the external script (configuration: TARO_APP_ANALYTICS_URL with the date version,
 * TARO_APP_ANALYTICS_KEY) is loaded once; the logged-in user is identified (with the service's `wxdata_zhuge_cuid`
 * cookie when the server set one); room enter, like, gift, share, follow and purchase are tracked with the room's and
 * streamer's details. Until the script is there, events wait; if it fails to load, identify and track are no-ops and
 * nothing else changes. The mini-program loads no script (src/platform/analytics pair).
 */
export class AnalyticsStore {
  private sdk: AnalyticsSdk | null = null
  private failed = false
  private pending: Array<(sdk: AnalyticsSdk) => void> = []
  private started = false

  start(): void {
    if (this.started) return
    this.started = true
    observeCalls((done) => {
      const e = eventOf(done)
      if (e) this.track(e[0], e[1])
    })
    reaction(
      () => (sessionStore.isLoggedIn ? sessionStore.user.id : 0),
      (id) => id && this.identify(),
      { fireImmediately: true }
    )
    if (env.TARO_APP_ANALYTICS_URL === 'off') {
      this.failed = true
      return
    }
    void loadAnalytics(analyticsScriptUrl()).then((sdk) => {
      if (!sdk) {
        this.failed = true
        this.pending = []
        return
      }
      try {
        sdk.load(env.TARO_APP_ANALYTICS_KEY)
        this.sdk = sdk
      } catch {
        this.failed = true
      }
      const waiting = this.pending.splice(0)
      if (this.sdk) for (const run of waiting) this.safely(run)
    })
  }

  private safely(run: (sdk: AnalyticsSdk) => void) {
    try {
      if (this.sdk) run(this.sdk)
    } catch {
      // the analytics service never breaks a journey
    }
  }

  private call(run: (sdk: AnalyticsSdk) => void) {
    if (this.failed) return
    if (this.sdk) this.safely(run)
    else this.pending.push(run)
  }

  /** R7.111: the logged-in user. */
  identify() {
    const u = sessionStore.user
    if (!u.id) return
    const cuid = savedCookies().wxdata_zhuge_cuid
    this.call((sdk) => sdk.identify(String(u.id), { name: u.nickName, avatar: u.avatar, ...(cuid ? { cuid } : {}) }))
  }

  /** R7.111: an event with its details. */
  track(event: string, props: Record<string, unknown> = {}) {
    this.call((sdk) => sdk.track(event, props))
  }
}

export const analyticsStore = new AnalyticsStore()
