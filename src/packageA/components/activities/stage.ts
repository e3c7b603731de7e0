import { makeObservable, observable, action, computed, reaction, runInAction } from 'mobx'
import { fetchGoods, fetchLottery, fetchQuiz, fetchRain, fetchRedpack, fetchVote } from '@/api/activity'
import { settle } from '@/core/call'
import {
  acquireRoomSocket,
  releaseRoomSocket,
  type PushDataMap,
  type PushKindsOf,
  type RoomSocket
} from '@/core/socket'
import { latencyDelayMs } from '@/packageA/components/player/latency'
import { sessionStore } from '@/stores/session'
import { showToast } from '@/ui/overlay'
import { loadTrying } from '@/utils/chunk'
import { systemClock, type Clock } from '@/utils/clock'
import { LatestAnswer } from '@/utils/latest'
import { nextTask } from '@/utils/timing'
import { loaders as defaultLoaders } from './modules'
import type { ActivityKind, ActivityModule, ActivityStore, Loaders, StageContext } from './types'

/** How often pushes waiting for the viewer's picture are looked at again (the latency may change meanwhile). */
export const QUEUE_TICK_MS = 200

/** The pushes the stage takes (contract/push.ts; core/push-kinds.ts PUSH_TAKERS names them 'stage'). */
export type StagePush = PushKindsOf<'stage'>

/** Which module a push belongs to: one entry for each kind the stage takes (a missing one does not compile). */
export const PUSH_KIND: { readonly [K in StagePush]: ActivityKind } = {
  vote: 'vote',
  quiz: 'quiz',
  lottery_start: 'lottery',
  lottery_result: 'lottery',
  rain_start: 'rain',
  rain_stop: 'rain',
  redpack: 'redpack',
  goods_on: 'goods',
  goods_off: 'goods'
}

/**
 * The detail each module is fetched with on entering and at each welcome after it. The details tell no start time, so
 * the running ones a late joiner finds stand in this order, the first in front: the shortest-lived first (a red packet
 * is taken in seconds, a rain lasts its round), goods on screen last.
 */
const DETAILS: Array<[ActivityKind, (roomid: number) => Promise<unknown>]> = [
  ['redpack', (roomid) => fetchRedpack({ roomid })],
  ['rain', (roomid) => fetchRain({ roomid })],
  ['lottery', (roomid) => fetchLottery({ roomid })],
  ['quiz', (roomid) => fetchQuiz({ roomid })],
  ['vote', (roomid) => fetchVote({ roomid })],
  ['goods', (roomid) => fetchGoods(roomid)]
]

/** A detail worth loading a module for: a running activity, or goods on screen. */
export function isRunning(kind: ActivityKind, data: unknown): boolean {
  if (!data || typeof data !== 'object') return false
  if (kind === 'goods')
    return Array.isArray(data) && data.some((g) => Number((g as { on_screen?: unknown }).on_screen) === 1)
  return Number((data as { status?: unknown }).status) === 1
}

export interface StageDeps {
  loaders: Loaders
  /** ms a push waits before it shows: the player's measured latency (player/latency.ts). */
  delayMs(): number
  acquire(roomId: number): RoomSocket
  release(roomId: number): void
  /** server-facing time in seconds (the activities' countdowns) */
  now(): number
  toast(message: string): void
  /** the queue's clock: when a push arrived and its tick (default systemClock; tests pass one they move) */
  clock?: Clock
}

const defaultDeps: StageDeps = {
  loaders: defaultLoaders,
  delayMs: latencyDelayMs,
  acquire: (roomId) => acquireRoomSocket(roomId),
  release: (roomId) => releaseRoomSocket(roomId),
  now: () => Math.floor(Date.now() / 1000),
  toast: (message) => void showToast(message).catch(() => undefined),
  clock: systemClock
}

/**
 * The stage host of one room (ARCHITECTURE "In-room activities"): it subscribes to the activity pushes, holds each
 * one back by the viewer's stream latency, loads a module when its first activity arrives, fetches every running
 * activity's detail on entering and at each welcome after it (a reconnect, a first join), and decides what shows: the
 * newest activity in front, the others as chips; a closed card comes back only for a new activity.
 */
export class StageStore {
  modules: Partial<Record<ActivityKind, ActivityModule>> = {}
  stores: Partial<Record<ActivityKind, ActivityStore>> = {}
  /** Most recent first. */
  order: ActivityKind[] = []
  closed: ActivityKind[] = []
  /**
   * The login-gated actions waiting for the login (R6.2), one a module: the viewer's last tap on each card (a vote and
   * a lottery tapped as a visitor both go out after the login; a second option tapped on the vote replaces the first).
   */
  private pending: Partial<Record<ActivityKind, () => Promise<boolean>>> = {}

  private users = 0
  /** Counts the viewer's visits (each enter after a leave): an asking of an earlier visit stops at the leave. */
  private visit = 0
  /** The pushes delivered before this visit began, by kind: the kinds pushed since stay in front of what is found. */
  private pushesBeforeVisit: Partial<Record<ActivityKind, number>> = {}
  /** The viewer when the last visit ended (null before the first): a login or logout between visits is a change too. */
  private viewerAtLeave: number | null = null
  private socket: RoomSocket | null = null
  private offs: Array<() => void> = []
  /** Pushes waiting for the viewer's picture to reach them: when each arrived (ms) and what it was. */
  private queue: { at: number; type: StagePush; data: PushDataMap[StagePush] }[] = []
  private ticker: unknown = null
  private loading = new Map<ActivityKind, Promise<ActivityStore>>()
  /** Pushes delivered so far, by kind: a detail asked for before one of them is older than what it brought. */
  private pushes: Partial<Record<ActivityKind, number>> = {}
  /** The activity each kind's last push was about. */
  private pushedIds: Partial<Record<ActivityKind, number>> = {}
  /**
   * Each kind's details asked for: two askings overlap (the entry's and a welcome's), and an answer that arrives after
   * a later asking's was applied is older than what is shown.
   */
  private details: Partial<Record<ActivityKind, LatestAnswer>> = {}
  /** Pushes delivered so far, all kinds, numbering each as it comes. */
  private arrivals = 0
  /** The number of the push that last brought each kind forward. */
  private frontBy: Partial<Record<ActivityKind, number>> = {}
  /** Whether each kind's last detail applied named a running activity (an older answer, dropped, defers to it). */
  private detailRunning: Partial<Record<ActivityKind, boolean>> = {}
  /** How many times each kind was brought to the front: an asking's find brought forward since it was applied is. */
  private surfaced: Partial<Record<ActivityKind, number>> = {}

  constructor(
    readonly roomId: number,
    private deps: StageDeps = defaultDeps
  ) {
    makeObservable<StageStore, 'deps' | 'surfacePushed'>(this, {
      modules: observable.shallow,
      stores: observable.shallow,
      order: observable,
      closed: observable,
      visible: computed,
      surface: action,
      surfacePushed: action,
      close: action,
      deps: false
    })
  }

  /** The logged-in viewer's id, 0 for a visitor. */
  private viewerId(): number {
    return sessionStore.isLoggedIn ? Number(sessionStore.user.id) || 0 : 0
  }

  /** What a module's store is given: its login-gated actions are kept under its kind. */
  private contextFor(kind: ActivityKind): StageContext {
    return {
      roomId: this.roomId,
      socket: () => this.socket,
      gated: (run) => this.gated(kind, run),
      now: () => this.deps.now(),
      toast: (m) => this.deps.toast(m),
      userId: () => this.viewerId()
    }
  }

  /** The kinds with something to show, in front-to-back order, without the closed ones. */
  get visible(): ActivityKind[] {
    return this.order.filter((k) => this.stores[k]?.showing && !this.closed.includes(k))
  }

  enter(): void {
    if (this.users++ > 0) return
    this.visit++
    this.pushesBeforeVisit = { ...this.pushes }
    const socket = (this.socket = this.deps.acquire(this.roomId))
    for (const type of Object.keys(PUSH_KIND) as StagePush[])
      this.offs.push(socket.on(type, (data) => this.schedule(type, data)))
    // every welcome after entering asks again: a reconnect may have missed a start or a result, and a first connection
    // joins the room only after the entry's details were read (an activity started in between was pushed to the
    // room without this viewer). A socket already welcomed when the stage enters (the chat's) sends no new one.
    this.offs.push(socket.on('welcome', () => void this.refresh()))
    // stores kept from an earlier visit listen to the room again (leave disposed them); logged in or out elsewhere
    // since (on 我的), each drops the last viewer's own state, which the entry's asking below brings back for this one
    // (the red packet the account drew showed 抢 again)
    const changed = this.viewerAtLeave !== null && this.viewerAtLeave !== this.viewerId()
    for (const s of Object.values(this.stores)) {
      s?.resume?.()
      if (changed) s?.viewerChanged?.()
    }
    // a login in the room, a logout or another account: each card drops the last viewer's own state and the details
    // are asked again, which bring back this viewer's (a drawn packet, the rain's chances, a vote, an answer), as a
    // new entry would. Before the kept login-gated action below runs, so that it acts for the new viewer's state.
    this.offs.push(
      reaction(
        () => this.viewerId(),
        () => {
          for (const s of Object.values(this.stores)) s?.viewerChanged?.()
          void this.refresh()
        }
      )
    )
    this.offs.push(
      reaction(
        () => sessionStore.isLoggedIn,
        (loggedIn) => loggedIn && this.runKept()
      )
    )
    // 去登录 opens the user page, a tab, which closes the room (R4.6), and the login comes back to it: the actions kept
    // for the login go out as the room is entered again logged in. Back in the room still a visitor, they are dropped.
    if (this.viewerId()) this.runKept()
    else this.pending = {}
    void this.refresh()
  }

  leave(): void {
    if (--this.users > 0) return
    this.viewerAtLeave = this.viewerId()
    for (const off of this.offs.splice(0)) off()
    this.queue = []
    if (this.ticker !== null) this.clock.clearInterval(this.ticker)
    this.ticker = null
    for (const s of Object.values(this.stores)) s?.dispose?.()
    this.socket = null
    this.deps.release(this.roomId)
  }

  /**
   * Every running activity's detail; a module is loaded only for a running one (or when it is loaded already). The
   * running ones not on the stage yet (or new to their store) come in front together, in DETAILS' order, once every
   * module is in: a late joiner's cards do not swap places as their modules arrive one by one. The calls go out one a
   * task: sent together (six, as the video starts) they made one long task of the request core's work, about 20 ms on
   * a slow machine.
   * A push that comes while the details are on their way is newer than they are: its kind's detail is dropped (it
   * would put back what the push replaced: the last red packet over the new one), and what it surfaced stays in
   * front of the ones found here. So is a later asking's answer applied first: an earlier one arriving after it is
   * dropped, and what the applied one found stands for it here, so that the askings' finds come in together, in
   * DETAILS' order, at the end of the first asking to end: an activity a later asking finds is brought forward again at
   * its end only when it is new to its store and nothing brought its kind forward since (the entry's vote answer
   * dropped for the welcome's put the running vote over the red packet the viewer was grabbing). A viewer who leaves
   * the room while the details are on their way asks for no more of them and applies none: the calls still to go out
   * stay unsent, and an answer arriving after the leave (or in a later visit) is left.
   */
  async refresh(): Promise<void> {
    const viewer = this.viewerId()
    const visit = this.visit
    const inVisit = () => this.users > 0 && this.visit === visit
    const pushedSince = this.pushedAfter({ ...this.pushes })
    const found = await Promise.all(
      DETAILS.map(async ([kind, fetch], i) => {
        if (i > 0) await nextTask()
        if (!inVisit()) return null
        const answers = (this.details[kind] ??= new LatestAnswer())
        const asking = answers.ask()
        const res = await settle(fetch(this.roomId))
        // asked for the viewer before a login or a logout: it names that viewer's vote or answer, not this one's (the
        // refresh the change started asks again)
        if (!res.ok || !inVisit() || this.viewerId() !== viewer) return null
        const running = isRunning(kind, res.data)
        if (!running && !this.stores[kind]) return null
        const { data: store } = await settle(this.loadTrying(kind))
        if (!store || !inVisit() || pushedSince(kind)) return null
        const surfaced = this.surfaced[kind] ?? 0
        if (!answers.take(asking)) return this.detailRunning[kind] ? { kind, brought: false, surfaced } : null
        const brought = store.applyDetail(res.data)
        this.detailRunning[kind] = running
        return running ? { kind, brought, surfaced } : null
      })
    )
    // running and not on the stage yet, or an activity its store did not hold and nothing brought forward since (one
    // started while the socket was down, whose push never comes, or one whose push still waits for the picture: that
    // push brings it forward again)
    const fresh = found
      .filter(
        (f): f is Exclude<(typeof found)[number], null> =>
          f !== null && (!this.order.includes(f.kind) || (f.brought && (this.surfaced[f.kind] ?? 0) === f.surfaced))
      )
      .map((f) => f.kind)
    if (!fresh.length || !inVisit()) return
    // pushed in this visit, before this asking or during it: newer than what the asking found running (an asking that
    // began after a push, a welcome's, answered last and put a quiz started long before over the lottery just pushed)
    const pushed = this.order.filter(this.pushedAfter(this.pushesBeforeVisit))
    this.surface(...fresh)
    if (pushed.length) this.surface(...pushed)
  }

  /** Whether a kind was pushed since `before`, a copy of the push counts taken then. */
  private pushedAfter(before: Partial<Record<ActivityKind, number>>): (kind: ActivityKind) => boolean {
    return (kind) => (this.pushes[kind] ?? 0) !== (before[kind] ?? 0)
  }

  /** The module's store, loading the module first. */
  load(kind: ActivityKind): Promise<ActivityStore> {
    const ready = this.stores[kind]
    if (ready) return Promise.resolve(ready)
    let p = this.loading.get(kind)
    if (!p) {
      p = this.deps.loaders[kind]().then((mod) => {
        const store = this.stores[kind] ?? mod.createStore(this.contextFor(kind))
        runInAction(() => {
          this.modules[kind] = mod
          this.stores[kind] = store
        })
        return store
      })
      this.loading.set(kind, p)
      p.catch(() => this.loading.delete(kind))
    }
    return p
  }

  /**
   * A push shows when the viewer's picture reaches the moment it was sent: it waits for the measured latency, which
   * the queue reads again every QUEUE_TICK_MS, so a viewer who drags back (回看) sees it later and one who returns to
   * the live edge (回到直播) at once.
   */
  private schedule(type: StagePush, data: PushDataMap[StagePush]) {
    this.queue.push({ at: this.clock.now(), type, data })
    this.flushDue()
  }

  private flushDue = () => {
    const now = this.clock.now()
    const delay = this.deps.delayMs()
    const due = this.queue.filter((q) => now - q.at >= delay)
    this.queue = this.queue.filter((q) => now - q.at < delay)
    for (const d of due) void this.deliver(d.type, d.data).catch(() => undefined)
    if (this.queue.length && this.ticker === null) this.ticker = this.clock.setInterval(this.flushDue, QUEUE_TICK_MS)
    if (!this.queue.length && this.ticker !== null) {
      this.clock.clearInterval(this.ticker)
      this.ticker = null
    }
  }

  /**
   * A push that starts something new brings its card to the front. So does the first push of an activity the store
   * holds already: a detail asked while the push waited for the picture brought it in first (and behind what was
   * pushed in this visit), and the push, newer than everything on the stage, puts it in front. An end changes nothing.
   * A push whose module was still loading (its own chunk on the web) when a later push took effect goes behind that
   * one's card, not over it (a lottery whose chunk arrived after the vote pushed after it had shown came in front of
   * the newer vote); no push waits for another's module.
   */
  async deliver(type: string, data: unknown): Promise<void> {
    const kind = (PUSH_KIND as Partial<Record<string, ActivityKind>>)[type]
    if (!kind) return
    const arrival = ++this.arrivals
    this.pushes[kind] = (this.pushes[kind] ?? 0) + 1
    const d = data as { id?: unknown; actId?: unknown; status?: unknown } | null
    // an end (a stop, a take-down, a red packet's last one taken: status 0) updates a card, never brings one forward
    const ended = type === 'rain_stop' || type === 'goods_off' || Number(d?.status) === 0
    const id = ended ? 0 : Number(d?.actId ?? d?.id) || 0
    const firstPush = id !== 0 && id !== this.pushedIds[kind]
    if (firstPush) this.pushedIds[kind] = id
    const store = await this.loadTrying(kind)
    if (store.applyPush(type, data) || firstPush) this.surfacePushed(kind, arrival)
  }

  /**
   * The module's store for a push or a found activity: a failed load (its chunk's network error on the web) is tried
   * again after each of CHUNK_RETRY_MS; after the last that push or find is given up (the kind's next push, or the next
   * welcome's asking, loads it again).
   */
  private loadTrying(kind: ActivityKind): Promise<ActivityStore> {
    return loadTrying(() => this.load(kind), this.clock)
  }

  /** A push's card in front of all but those brought forward by pushes that came after it. */
  private surfacePushed(kind: ActivityKind, arrival: number): void {
    const rest = this.order.filter((k) => k !== kind)
    let at = 0
    while (at < rest.length && (this.frontBy[rest[at]] ?? 0) > arrival) at++
    this.place(at, [kind])
    this.frontBy[kind] = arrival
  }

  /** Puts these kinds, in this order, `at` that place among the others, shown again and counted as brought forward. */
  private place(at: number, kinds: ActivityKind[]): void {
    const rest = this.order.filter((k) => !kinds.includes(k))
    this.order = [...rest.slice(0, at), ...kinds, ...rest.slice(at)]
    this.closed = this.closed.filter((k) => !kinds.includes(k))
    for (const k of kinds) this.surfaced[k] = (this.surfaced[k] ?? 0) + 1
  }

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  /** Brings these kinds to the front, the first in front. */
  surface(...kinds: ActivityKind[]): void {
    this.place(0, kinds)
  }

  close(kind: ActivityKind): void {
    if (!this.closed.includes(kind)) this.closed.push(kind)
  }

  /** The login-gated actions kept for the login, once each. */
  private runKept(): void {
    const kept = Object.entries(this.pending) as [ActivityKind, () => Promise<boolean>][]
    this.pending = {}
    for (const [kind, run] of kept) void this.gated(kind, run)
  }

  private async gated(kind: ActivityKind, run: () => Promise<boolean>, again = false): Promise<boolean> {
    const res = await settle(run())
    if (res.ok) return res.data
    const err = res.error
    if (err.kind === 'auth' && err.code === 401) {
      // the call went out before a login that completed while it was on its way (its 401 ended nothing): once more now
      if (!again && this.viewerId()) return this.gated(kind, run, true)
      // a 401 opened the login prompt: the action resumes after the login
      this.pending[kind] = run
    }
    // the core's other rejections (403, 404, timeout) show their message; anything else a generic one
    else this.deps.toast(err.answered ? '网络不给力，请稍后再试' : err.msg)
    return false
  }
}

const stages = new Map<number, StageStore>()

/** The room's stage host (one per room, shared by the stage and the 商品 tab). */
export function stageFor(roomId: number, deps?: StageDeps): StageStore {
  let s = stages.get(roomId)
  if (!s) stages.set(roomId, (s = new StageStore(roomId, deps)))
  return s
}
