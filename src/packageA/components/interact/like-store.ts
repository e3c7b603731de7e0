import { makeAutoObservable } from 'mobx'
import { sendLike, type LikeResult } from '@/api/gift'
import { liveStore } from '@/stores/live'
import { LikeBatcher, type LikeBatcherOptions } from './like-batcher'

/**
 * The live room's likes (spec R3.17, R7.76): taps go through one LikeBatcher per room; the total shown is the
 * room's last known total (room info `likes`, the like call's answer, the socket's `like` push) plus the taps the
 * server has not confirmed yet. Each batch carries an idempotency key, reused when it is sent again.
 */
export class LikeStore {
  /** The server's last total per room. */
  totals: Record<number, number> = {}
  /** Taps not yet confirmed per room (mirrors the batchers). */
  unconfirmed: Record<number, number> = {}
  private batchers = new Map<number, LikeBatcher>()
  /** A like call's answer, applied when its batch leaves the unconfirmed count (no moment counts it twice). */
  private answered = new Map<number, LikeResult>()

  constructor(private readonly batcherOptions: LikeBatcherOptions = {}) {
    makeAutoObservable<LikeStore, 'batchers' | 'batcherOptions' | 'answered'>(this, {
      batchers: false,
      batcherOptions: false,
      answered: false
    })
  }

  /** The total shown in the room. */
  total(roomId: number): number {
    const base = this.totals[roomId] ?? Number(liveStore.roomsData[roomId]?.likes ?? 0)
    return (Number(base) || 0) + (this.unconfirmed[roomId] || 0)
  }

  tap(roomId: number, n = 1) {
    this.batcher(roomId).tap(n)
  }

  /** A `like` push of the room's socket ({roomid, total, combo, user_id}) or a like call's answer. */
  onLikePush(data: Partial<LikeResult> | null | undefined) {
    const roomId = Number(data?.roomid)
    const total = Number(data?.total)
    if (!roomId || !Number.isFinite(total)) return
    // pushes may arrive out of order with our own answers: the total only grows
    this.totals[roomId] = Math.max(this.totals[roomId] ?? 0, total)
  }

  /** Leaving the room: the taps still counted go out in one last call. */
  leave(roomId: number): Promise<void> {
    const b = this.batchers.get(roomId)
    this.batchers.delete(roomId)
    return b ? b.dispose(true) : Promise.resolve()
  }

  private batcher(roomId: number): LikeBatcher {
    let b = this.batchers.get(roomId)
    if (!b) {
      const created: LikeBatcher = new LikeBatcher((combo, key) => this.send(roomId, combo, key), {
        ...this.batcherOptions,
        onChange: () => this.mirror(roomId, created)
      })
      b = created
      this.batchers.set(roomId, b)
    }
    return b
  }

  private mirror(roomId: number, b: LikeBatcher) {
    const answer = b.inFlight === 0 ? this.answered.get(roomId) : undefined
    if (answer) {
      this.answered.delete(roomId)
      this.onLikePush(answer)
    }
    this.unconfirmed[roomId] = b.unconfirmed
  }

  /** One batch with its idempotency key: a retry of a batch whose reply was lost is not counted again. */
  private async send(roomId: number, combo: number, key: string): Promise<boolean> {
    const res = await sendLike({ roomid: roomId, combo, request_id: key })
    if (res) this.answered.set(roomId, { ...res, roomid: roomId })
    return true
  }
}

export const likeStore = new LikeStore()
