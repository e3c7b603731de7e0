import { makeAutoObservable, runInAction } from 'mobx'
import { fetchQuizResult, postQuizAnswer, type QuizData, type QuizResultData } from '@/api/activity'
import { settle } from '@/core/call'
import type { ActivityStore, StageContext } from '../types'

/** R4.39: a quiz push replaces the current quiz only if it has an id. */
export function nextQuiz(current: QuizData | null, pushed: QuizData | null | undefined): QuizData | null {
  return pushed && pushed.id ? pushed : current
}

/** The room's quiz (R3.40, R7.97–R7.99): answer once (login-gated), then right / wrong and the right answer. */
export class QuizStore implements ActivityStore {
  quiz: QuizData | null = null
  /** The option this viewer answered (0: not yet). */
  myAnswer = 0
  /** The result, which carries the right answer: only after answering (the server reveals it only then). */
  result: QuizResultData | null = null
  busy = false

  constructor(private ctx: StageContext) {
    makeAutoObservable<QuizStore, 'ctx'>(this, { ctx: false })
  }

  get showing(): boolean {
    return !!this.quiz
  }

  private replace(next: QuizData | null) {
    if (next && next.id !== this.quiz?.id) {
      this.myAnswer = 0
      this.result = null
    }
    this.quiz = next
  }

  applyDetail(data: unknown): boolean {
    const d = data as QuizData | null
    const before = this.quiz?.id
    this.replace(nextQuiz(this.quiz, d))
    if (d?.id && Number(d.my_answer)) {
      this.myAnswer = Number(d.my_answer)
      if (!this.result) void settle(this.loadResult(d.id))
    }
    return !!this.quiz && this.quiz.id !== before
  }

  /** The detail asked again after it names this viewer's answer (my_answer), with the result then. */
  viewerChanged(): void {
    this.myAnswer = 0
    this.result = null
  }

  applyPush(_type: string, data: unknown): boolean {
    const before = this.quiz
    this.replace(nextQuiz(this.quiz, data as QuizData | null))
    return !!this.quiz && this.quiz !== before
  }

  /** R7.98 then R7.99; login-gated (R6.2). */
  answer(optionId: number): Promise<boolean> {
    const quiz = this.quiz
    if (!quiz || this.myAnswer || this.busy) return Promise.resolve(false)
    return this.ctx.gated(async () => {
      runInAction(() => (this.busy = true))
      try {
        const res = await settle(postQuizAnswer(this.ctx.roomId, quiz.id, optionId), { rejections: 'throw' })
        if (!res.ok) {
          this.ctx.toast(res.error.msg || '提交失败')
          return false
        }
        runInAction(() => (this.myAnswer = optionId))
        await this.loadResult(quiz.id)
        return true
      } finally {
        runInAction(() => (this.busy = false))
      }
    })
  }

  private async loadResult(id: number) {
    const res = await settle(fetchQuizResult(this.ctx.roomId, id), { rejections: 'throw' })
    if (res.ok && res.data && this.quiz?.id === id) {
      const result = res.data
      runInAction(() => (this.result = result))
    }
  }
}
