/**
 * Answers to askings that overlap (an entry's and a reconnect's, a restore's and a draw's): the latest asking whose
 * answer was applied wins, and an older answer arriving after it is stale (it would put back what the newer one
 * replaced). `ask()` numbers an asking as it goes out; `take(asking)` as its answer arrives says whether to apply it,
 * and counts it applied when so. Answers that come in the order they were asked are all taken.
 */
export class LatestAnswer {
  private asked = 0
  private applied = 0

  ask(): number {
    return ++this.asked
  }

  take(asking: number): boolean {
    if (asking < this.applied) return false
    this.applied = asking
    return true
  }
}
