/**
 * One call on its way per key: a tap that asks for what is already on its way (a double tap, a second tap on a slow
 * network) gets that call's outcome and starts nothing. For actions the server does not take twice the same way: a
 * follow it toggles, an SMS code that replaces the one before, a code a binding uses up.
 */
export class OnItsWay<K, T> {
  private readonly going = new Map<K, Promise<T>>()

  run(key: K, start: () => Promise<T>): Promise<T> {
    const going = this.going.get(key)
    if (going) return going
    const call = start().finally(() => this.going.delete(key))
    this.going.set(key, call)
    return call
  }
}
