type Loud = Pick<Console, 'log' | 'info' | 'debug' | 'warn' | 'error'>

const noop = () => undefined

/**
 * The console is silenced unless the query has `debug` (spec R9.27). Errors are silenced too: a viewer's console
 * shows nothing; add ?debug to a URL (or the launch query) to see everything.
 */
export function silenceConsole(query: Record<string, unknown> | undefined, target: Loud = console): boolean {
  if (query && Object.prototype.hasOwnProperty.call(query, 'debug')) return false
  target.log = noop
  target.info = noop
  target.debug = noop
  target.warn = noop
  target.error = noop
  return true
}
