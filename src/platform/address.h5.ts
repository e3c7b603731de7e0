import { LOGIN_SECRETS, withoutSecrets } from '@/utils/url-secrets'
import type { StartupLogin } from './address'

export type { StartupLogin } from './address'

let taken: StartupLogin | null = null

/**
 * H5: takes the startup login's tokentype + token (spec R2.26: how the messenger's OAuth round trip and the host apps
 * hand a login over) out of the page address, with any other login secret (LOGIN_SECRETS), and gives them to the
 * caller. Called once as the app's module loads, before Taro's router reads the location, the analytics script or a
 * share payload sees it: the access token is never in the address bar, the history entry (replaced), a shared link
 * or a recorded page, on every path, in the messenger's browser or not.
 */
export function takeStartupLogin(): StartupLogin | null {
  if (typeof window === 'undefined') return null
  const { pathname, search, hash } = window.location
  if (!search) return taken
  const q = new URLSearchParams(search)
  if (!LOGIN_SECRETS.some((k) => q.has(k))) return taken
  const tokentype = q.get('tokentype')
  const token = q.get('token')
  if (tokentype && token) taken = { tokentype, token }
  window.history.replaceState(window.history.state, '', `${pathname}${withoutSecrets(search)}${hash}`)
  return taken
}

/** Whether this start came with a startup login (taken from the address), successful or not. */
export function cameWithStartupLogin(): boolean {
  return taken !== null
}
