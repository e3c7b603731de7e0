import { makeAutoObservable, runInAction } from 'mobx'
import { drawRain, fetchRainMine, fetchRainWinners, type RainData, type RainWinner } from '@/api/activity'
import { settle } from '@/core/call'
import type { ActivityStore, StageContext } from '../types'

/** R4.31, R9.24: the rain window is one hour. */
export const RAIN_WINDOW = 3600

/** The rain as the store holds it: istop read as a number from a detail or a push. */
type HeldRain = Omit<RainData, 'istop'> & { istop: number }

/** R4.31, R4.33: a start of the rain we hold sets the window now .. now + 1 h with istop 1; another id changes nothing. */
export function rainStarted(current: HeldRain | null, pushedId: number, now: number): HeldRain | null {
  if (!current || current.actId !== pushedId) return current
  return { ...current, hs_time: now, he_time: now + RAIN_WINDOW, istop: 1 }
}

/** R4.32, R4.33: a stop of the rain we hold ends it now with istop 0; another id changes nothing. */
export function rainStopped(current: HeldRain | null, pushedId: number, now: number): HeldRain | null {
  if (!current || current.actId !== pushedId) return current
  return { ...current, he_time: now, istop: 0 }
}

/** R4.34: the winner list is fetched only while now is inside the start and end time. */
export function winnersAllowed(rain: Pick<RainData, 'hs_time' | 'he_time'> | null, now: number): boolean {
  return !!rain && Number(rain.hs_time) <= now && now <= Number(rain.he_time)
}

/** R3.37: interval is a comma list of whole seconds ("3,5,8"); what does not parse is left out. */
export function parseInterval(interval: string | undefined): number[] {
  const list = String(interval ?? '')
    .split(',')
    .map((s) => parseInt(s.trim(), 10))
    .filter((n) => Number.isInteger(n) && n > 0)
  return list.length ? list : [3]
}

function normalize(d: RainData & { act_id?: number }): HeldRain {
  return {
    ...d,
    actId: Number(d.actId ?? d.act_id ?? d.id),
    hs_time: Number(d.hs_time),
    he_time: Number(d.he_time),
    istop: Number(d.istop),
    count: Number(d.count) || 1,
    throttle: Number(d.throttle) || 0
  }
}

export interface RainDraw {
  win: boolean
  title: string
}

/** The room's rain lottery (R3.37, R7.90–R7.92): the window, the draws of the game and the winners. */
export class RainStore implements ActivityStore {
  rain: HeldRain | null = null
  draws: RainDraw[] = []
  /** Draws left this round (the server's `remain`; `count` before the first). */
  remain = 0
  winners: RainWinner[] = []
  playing = false
  private lastTap = 0
  private inFlight = false

  constructor(private ctx: StageContext) {
    makeAutoObservable<RainStore, 'ctx' | 'lastTap' | 'inFlight'>(this, { ctx: false, lastTap: false, inFlight: false })
  }

  get running(): boolean {
    const r = this.rain
    return !!r && r.istop === 1 && this.ctx.now() <= r.he_time
  }

  get showing(): boolean {
    return !!this.rain && (this.rain.istop === 1 || this.draws.length > 0)
  }

  private hold(d: RainData) {
    const next = normalize(d)
    if (next.actId !== this.rain?.actId) {
      this.draws = []
      this.winners = []
      this.playing = false
      this.remain = next.count
    }
    this.rain = next
  }

  /** On entering (and after a reconnect): a rain new to the store brings back the viewer's own draws of it. */
  applyDetail(data: unknown): boolean {
    const d = data as RainData | null
    if (!d || !(d.actId || d.id)) return false
    const fresh = Number(d.actId ?? d.id) !== this.rain?.actId
    this.hold(d)
    if (fresh) void this.restore()
    return fresh
  }

  /**
   * The viewer's own draws of the rain as the server counts them (rain/mine): after a reload the chances left are the
   * server's, not `count` again, and the last draw's prize or miss shows. A visitor has none to restore.
   */
  async restore(): Promise<void> {
    const r = this.rain
    if (!r || !this.ctx.userId()) return
    const res = await settle(fetchRainMine(this.ctx.roomId, r.actId))
    if (!res.ok || this.rain?.actId !== r.actId) return
    const mine = res.data
    runInAction(() => {
      // draws made meanwhile on this page count too: the server's count is at least as fresh
      if (mine.used < this.draws.length) return
      this.draws = mine.draws.map((d) => ({ win: Number(d.win) === 1, title: d.title }))
      this.remain = Math.max(0, Number(mine.remain) || 0)
    })
  }

  viewerChanged(): void {
    this.draws = []
    this.remain = this.rain?.count ?? 0
    this.playing = false
    void this.restore()
  }

  applyPush(type: string, data: unknown): boolean {
    const d = data as RainData | null
    if (!d) return false
    const id = Number(d.actId ?? d.id)
    const now = this.ctx.now()
    if (type === 'rain_stop') {
      this.rain = rainStopped(this.rain, id, now)
      this.playing = false
      return false
    }
    // a start for a rain we do not hold yet: the push carries its detail, then the start applies to it
    const fresh = this.rain?.actId !== id
    if (fresh) this.hold(d)
    this.rain = rainStarted(this.rain, id, now)
    return fresh
  }

  play(playing = true): void {
    this.playing = playing && this.running
    if (playing) void this.loadWinners()
  }

  /** A tap on a falling packet (R7.91, login-gated): taps closer than `throttle` ms, or beyond `count`, do nothing. */
  draw(): Promise<boolean> {
    const r = this.rain
    const t = Date.now()
    if (!r || !this.running || this.remain <= 0 || this.inFlight || t - this.lastTap < r.throttle)
      return Promise.resolve(false)
    this.lastTap = t
    this.inFlight = true
    return this.ctx
      .gated(async () => {
        const res = await settle(drawRain(this.ctx.roomId, r.actId), { rejections: 'throw' })
        if (!res.ok || !res.data) {
          this.ctx.toast((!res.ok && res.error.msg) || '红包雨已结束')
          runInAction(() => (this.remain = 0))
          return false
        }
        const d = res.data
        runInAction(() => {
          this.draws.push({ win: Number(d.win) === 1, title: d.title || d.prize?.title || '' })
          this.remain = Math.max(0, Number(d.remain) || 0)
        })
        if (Number(d.win) === 1) void this.loadWinners()
        return Number(d.win) === 1
      })
      .finally(() => {
        this.inFlight = false
      })
  }

  /** R7.92 only inside the window (R4.34). */
  async loadWinners(): Promise<boolean> {
    const r = this.rain
    if (!r || !winnersAllowed(r, this.ctx.now())) return false
    const res = await settle(fetchRainWinners(this.ctx.roomId, r.actId))
    if (!res.ok) return false
    const winners = res.data
    runInAction(() => (this.winners = Array.isArray(winners) ? winners : []))
    return true
  }
}
