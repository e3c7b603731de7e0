import { makeAutoObservable, runInAction } from 'mobx'
import { postVote, type VoteData, type VoteOption } from '@/api/activity'
import { settle } from '@/core/call'
import type { ActivityStore, StageContext } from '../types'

/** R4.38: a successful vote sets the option's count to the returned number, or adds one when none came back. */
export function applyVoteCount(options: VoteOption[], optionId: number, returned: unknown): VoteOption[] {
  const n = Number(returned)
  const has = returned !== undefined && returned !== null && returned !== '' && Number.isFinite(n)
  return options.map((o) => (o.id === optionId ? { ...o, vote: has ? n : o.vote + 1 } : o))
}

/** The vote as the store holds it: the fields it shows, numbers read from a detail or a push. */
type HeldVote = Pick<VoteData, 'id' | 'title' | 'options' | 'voted_option_id'> & { status: number }

function normalize(d: VoteData): HeldVote {
  const options = (d.options || []).map((o) => ({
    id: Number(o.id),
    title: String(o.title ?? ''),
    vote: Number(o.vote) || 0
  }))
  return {
    id: Number(d.id),
    title: String(d.title ?? ''),
    status: Number(d.status ?? 1),
    options,
    voted_option_id: Number(d.voted_option_id) || 0
  }
}

/** The room's vote (R3.39, R7.95, R7.96): one vote per viewer, counts from the answer and the `vote` pushes. */
export class VoteStore implements ActivityStore {
  vote: HeldVote | null = null
  /** The option this viewer voted for (0: not yet). */
  mine = 0
  busy = false

  constructor(private ctx: StageContext) {
    makeAutoObservable<VoteStore, 'ctx'>(this, { ctx: false })
  }

  get showing(): boolean {
    return !!this.vote
  }

  get total(): number {
    return (this.vote?.options || []).reduce((n, o) => n + o.vote, 0)
  }

  applyDetail(data: unknown): boolean {
    const d = data as VoteData | null
    if (!d || !d.id) return false
    const next = normalize(d)
    const fresh = next.id !== this.vote?.id
    if (fresh) this.mine = 0
    this.vote = next
    this.mine = next.voted_option_id || this.mine
    return fresh
  }

  /** The detail asked again after it names this viewer's vote (voted_option_id). */
  viewerChanged(): void {
    this.mine = 0
  }

  applyPush(_type: string, data: unknown): boolean {
    const d = data as VoteData | null
    if (!d || !d.id) return false
    const fresh = Number(d.id) !== this.vote?.id
    const next = normalize(d)
    if (fresh) this.mine = next.voted_option_id || 0
    this.vote = next
    return fresh
  }

  /** R7.96, login-gated (R6.2): resumes after the login when a 401 opened the prompt. */
  cast(optionId: number): Promise<boolean> {
    const vote = this.vote
    if (!vote || this.mine || this.busy || vote.status === 0) return Promise.resolve(false)
    return this.ctx.gated(async () => {
      runInAction(() => (this.busy = true))
      try {
        const res = await settle(postVote(this.ctx.roomId, vote.id, optionId), { rejections: 'throw' })
        if (!res.ok) {
          this.ctx.toast(res.error.msg || '投票失败')
          return false
        }
        const counted = res.data
        runInAction(() => {
          if (this.vote?.id === vote.id)
            this.vote = { ...this.vote, options: applyVoteCount(this.vote.options, optionId, counted?.vote) }
          this.mine = optionId
        })
        return true
      } finally {
        runInAction(() => (this.busy = false))
      }
    })
  }
}
