import { reaction } from 'mobx'
import { savedCookies } from '@/core/cookies'
import { currentHosts, isSuccess, observeCalls, type ObservedCall } from '@/core/request'
import { env } from '@/env'
import { loadAnalytics, type AnalyticsSdk } from '@/platform/analytics'
import { liveStore } from './live'
import { sessionStore } from './session'

/** The events (R7.111: a track call carries room and streamer details). */
export const EVENTS = {
  enter: '进入直播间',
  like: '点赞',
  gift: '送礼物',
  share: '分享',
  follow: '关注',
  purchase: '购买'
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

/** Which finished call is which event (R7.69 enter, R7.76 like, R7.77 gift, R7.70 share, R7.46 follow, R7.88 purchase). */
export function eventOf(call: ObservedCall): [string, Record<string, unknown>] | null {
  const { path, data, envelope } = call
  const ok = isSuccess(envelope)
  const d = (envelope.data || {}) as Record<string, unknown>
  switch (path) {
    case '/userapp/living/enter':
      return ok ? [EVENTS.enter, roomDetails(data.roomid)] : null
    case '/userapp/living/like':
      return ok ? [EVENTS.like, { ...roomDetails(data.roomid), combo: Number(data.combo) || 1 }] : null
    case '/userapp/send_gifts':
      return ok
        ? [
            EVENTS.gift,
            {
              ...roomDetails(data.roomid),
              gift_id: data.giftid,
              gift_name: d.gift_name ?? '',
              combo: Number(data.combo) || 1,
              cost: d.cost ?? null
            }
          ]
        : null
    case '/userapp/living/share':
      return ok ? [EVENTS.share, roomDetails(data.roomid)] : null
    case '/userapp/follow':
      // code 1 followed, code 2 unfollowed (R4.26)
      if (envelope.code !== 1 && envelope.code !== 2) return null
      return [EVENTS.follow, { ...roomDetails(data.roomid), action: envelope.code === 1 ? 'follow' : 'unfollow' }]
    case '/userapp/premium_pay':
      if (!ok || !Number(d.charged)) return null
      return [
        EVENTS.purchase,
        {
          ...roomDetails(data.id),
          kind: data.review_id ? 'playback' : 'room',
          review_id: data.review_id ?? null,
          price: d.charged
        }
      ]
    default:
      return null
  }
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
    observeCalls((call) => {
      const e = eventOf(call)
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
