// Login sessions: which one a call runs in (its token's, or its id/sign cookies'), so that a logout ends all of it:
// its tokens, its cookies, and the stream URLs handed out in it (services/stream-access.ts).
import { cookieSession, sessionOfToken } from '../repositories/accounts'
import type { UserRow } from '../types'
import type { AppContext, Call } from '../types/context'

/**
 * The session of id/sign cookies that no login recorded (signed before logins recorded their cookies): one per user and
 * session version, which a logout moves on.
 */
const cookieFamily = (user: UserRow) => `cookie:${user.id}:${Number(user.session_version) || 0}`

/**
 * The login session a call runs in: its token's, else the one its id/sign cookies were set by (each login records
 * its `sign`); null for an anonymous call. One login is one session: the tokens made from each other (a token login,
 * the main host's check) and from its cookies, so its logout, by any of them, ends them all.
 */
export function loginSessionOf(ctx: AppContext, call: Pick<Call, 'token' | 'user' | 'req'>): string | null {
  if (!call.user) return null
  if (call.token) {
    const row = sessionOfToken(ctx, call.token, call.user.id)
    if (row) return row.family ?? call.token
  }
  return cookieSession(ctx, call.user.id, call.req.cookies?.sign) ?? cookieFamily(call.user)
}
