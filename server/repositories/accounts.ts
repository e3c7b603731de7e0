/** Accounts: users by their login names, access tokens and login sessions, SMS codes, follows and subscriptions. */
import type { AppContext } from '../types/context'
import { CODE, biz, nowSec, randomToken, safeEqual } from '../lib/util'
import type { UserRow } from '../types'
import { userById } from './users'

/** How long an access token (and the id/sign cookies of its login) lasts. */
export const TOKEN_TTL = 7 * 86400

// ---- users

export function createUser(
  ctx: AppContext,
  fields: { name: string; mobile?: string | null; openid?: string | null; partner_uid?: string | null }
): UserRow {
  const db = ctx.store.db
  const id = ((db.prepare('SELECT MAX(id) AS m FROM users').get() as { m: number | null }).m ?? 10000) + 1
  db.prepare(
    'INSERT INTO users (id, name, avatar, mobile, password, openid, partner_uid, gold, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?, 0, ?)'
  ).run(
    id,
    fields.name,
    `/img/avatar/${id}.png`,
    fields.mobile ?? null,
    fields.openid ?? null,
    fields.partner_uid ?? null,
    nowSec()
  )
  return userById(ctx, id) as UserRow
}

export function userByMobile(ctx: AppContext, mobile: string): UserRow | undefined {
  return ctx.store.db.prepare('SELECT * FROM users WHERE mobile = ?').get(mobile) as UserRow | undefined
}

export function userByPartnerUid(ctx: AppContext, partnerUid: string): UserRow | undefined {
  return ctx.store.db.prepare('SELECT * FROM users WHERE partner_uid = ?').get(partnerUid) as UserRow | undefined
}

/** The user of a WeChat openid, made on its first login. */
export function userForOpenid(ctx: AppContext, openid: string): UserRow {
  const u = ctx.store.db.prepare('SELECT * FROM users WHERE openid = ?').get(openid) as UserRow | undefined
  return u ?? createUser(ctx, { name: '微信用户', openid })
}

/** Another user has `mobile` bound. */
export function mobileTakenByOther(ctx: AppContext, mobile: string, userId: number): boolean {
  return !!ctx.store.db.prepare('SELECT id FROM users WHERE mobile = ? AND id <> ?').get(mobile, userId)
}

export function setUserMobile(ctx: AppContext, userId: number, mobile: string): void {
  ctx.store.db.prepare('UPDATE users SET mobile = ? WHERE id = ?').run(mobile, userId)
}

export function setUserName(ctx: AppContext, userId: number, name: string): void {
  ctx.store.db.prepare('UPDATE users SET name = ? WHERE id = ?').run(name, userId)
}

export function setUserAvatar(ctx: AppContext, userId: number, avatar: string): void {
  ctx.store.db.prepare('UPDATE users SET avatar = ? WHERE id = ?').run(avatar, userId)
}

// ---- access tokens and login sessions

/**
 * A new access token of `user` in the login session `family` (a fresh login starts a session; a token made from
 * another token or from the id/sign cookies stays in theirs), so that a logout ends every token of its session.
 */
export function issueToken(ctx: AppContext, user: UserRow, family: string = randomToken()): string {
  const token = randomToken()
  ctx.store.db
    .prepare('INSERT INTO tokens (token, user_id, expires_at, family) VALUES (?, ?, ?, ?)')
    .run(token, user.id, nowSec() + TOKEN_TTL, family)
  return token
}

/** The user of an unexpired access token. */
export function userOfLiveToken(ctx: AppContext, token: string): UserRow | undefined {
  return ctx.store.db
    .prepare('SELECT u.* FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token = ? AND t.expires_at > ?')
    .get(token, nowSec()) as UserRow | undefined
}

/** An unexpired token's user and login session. */
export function liveToken(ctx: AppContext, token: string): { user_id: number; family: string | null } | undefined {
  return ctx.store.db
    .prepare('SELECT user_id, family FROM tokens WHERE token = ? AND expires_at > ?')
    .get(token, nowSec()) as { user_id: number; family: string | null } | undefined
}

/** The login session of `userId`'s `token` (null: a token from before sessions); undefined when it is not theirs. */
export function sessionOfToken(ctx: AppContext, token: string, userId: number): { family: string | null } | undefined {
  return ctx.store.db.prepare('SELECT family FROM tokens WHERE token = ? AND user_id = ?').get(token, userId) as
    { family: string | null } | undefined
}

export function deleteToken(ctx: AppContext, token: string): void {
  ctx.store.db.prepare('DELETE FROM tokens WHERE token = ?').run(token)
}

/** Ends every token of a login session, and forgets which cookies belonged to it. */
export function deleteSession(ctx: AppContext, family: string): void {
  ctx.store.db.transaction(() => {
    ctx.store.db.prepare('DELETE FROM tokens WHERE family = ?').run(family)
    ctx.store.db.prepare('DELETE FROM cookie_sessions WHERE family = ?').run(family)
  })()
}

/**
 * An expiry (unix seconds, from `from` on) that no other id/sign cookie of `userId` has, so that each login's `sign`
 * (a signature of the user, the expiry and the session version) is its own even when two logins share a second:
 * `from` when it is free, else the second after the user's latest. Two indexed reads, however many logins the user
 * has made: walking the taken seconds one query each made every login of an account that logs in faster than once a
 * second (a token login costs no password hash and has no limit) hold the event loop for all its earlier ones.
 */
export function freeCookieExpiry(ctx: AppContext, userId: number, from: number): number {
  const db = ctx.store.db
  if (!db.prepare('SELECT 1 FROM cookie_sessions WHERE user_id = ? AND expires_at = ?').get(userId, from)) return from
  const { latest } = db
    .prepare('SELECT MAX(expires_at) AS latest FROM cookie_sessions WHERE user_id = ?')
    .get(userId) as { latest: number }
  return Math.max(from, latest) + 1
}

/** Records that the id/sign cookies signed `sign` belong to the login session `family` (until `expires`). */
export function rememberCookieSession(
  ctx: AppContext,
  userId: number,
  sign: string,
  family: string,
  expires: number
): void {
  const db = ctx.store.db
  db.prepare('DELETE FROM cookie_sessions WHERE expires_at <= ?').run(nowSec())
  db.prepare(
    'INSERT INTO cookie_sessions (sign, user_id, family, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT(sign) DO UPDATE SET family = excluded.family'
  ).run(sign, userId, family, expires)
}

/** The login session of `userId`'s id/sign cookies signed `sign`; undefined for cookies from before sessions. */
export function cookieSession(ctx: AppContext, userId: number, sign: unknown): string | undefined {
  if (typeof sign !== 'string' || !sign) return undefined
  const row = ctx.store.db
    .prepare('SELECT family FROM cookie_sessions WHERE sign = ? AND user_id = ?')
    .get(sign, userId) as { family: string } | undefined
  return row?.family
}

/** Records that the login session whose stream URLs carry `tag` has ended (kept until `until`, unix seconds). */
export function recordEndedStreamSession(ctx: AppContext, tag: string, until: number): void {
  const db = ctx.store.db
  db.transaction(() => {
    db.prepare('DELETE FROM ended_stream_sessions WHERE until <= ?').run(nowSec())
    db.prepare(
      'INSERT INTO ended_stream_sessions (tag, until) VALUES (?, ?) ON CONFLICT(tag) DO UPDATE SET until = MAX(until, excluded.until)'
    ).run(tag, until)
  })()
}

/** Whether the login session whose stream URLs carry `tag` has ended. */
export function streamSessionEnded(ctx: AppContext, tag: string): boolean {
  return !!ctx.store.db.prepare('SELECT 1 FROM ended_stream_sessions WHERE tag = ?').get(tag)
}

/** Moves the user's session version on: every id/sign cookie signed before is void (plugins/app/identity.ts). */
export function voidSignedCookies(ctx: AppContext, userId: number): void {
  ctx.store.db.prepare('UPDATE users SET session_version = session_version + 1 WHERE id = ?').run(userId)
}

// ---- SMS codes

export const SMS_VOID_MSG = '验证码错误次数过多，已失效，请重新获取'

/** When the last code to `mobile` was sent (unix seconds). */
export function smsSentAt(ctx: AppContext, mobile: string): number | undefined {
  const row = ctx.store.db.prepare('SELECT sent_at FROM sms WHERE mobile = ?').get(mobile) as
    { sent_at: number } | undefined
  return row?.sent_at
}

/** Keeps `code` as the one code of `mobile` for `ttl` seconds (its wrong tries start again from 0). */
export function saveSmsCode(ctx: AppContext, mobile: string, code: string, ttl: number): void {
  ctx.store.db
    .prepare(
      'INSERT INTO sms (mobile, code, sent_at, expires_at, attempts) VALUES (?, ?, ?, ?, 0) ON CONFLICT(mobile) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0'
    )
    .run(mobile, code, nowSec(), nowSec() + ttl)
}

/**
 * Checks an SMS code for `mobile` and uses it up when right. Wrong tries count against the code itself (the 5th voids
 * it), except with `tries`: a key of the caller's own (binding a number, where the caller may not be the number's
 * owner), whose wrong tries then never spend the owner's code; past 5 in the code's lifetime that caller is refused,
 * and past `smsBindGuessesPerMobile` from all binders together every binder of the number is (however many accounts
 * one guesser makes, a code hears that many guesses at most; the owner still logs in with it).
 * A used or void code stays in the table (code '') so the send cool-down still holds.
 */
export function checkSms(ctx: AppContext, mobile: string, code: string, tries?: string): void {
  const db = ctx.store.db
  if (tries && (ctx.limiter.over('sms.bindtries', tries) || ctx.limiter.over('sms.bindguesses', mobile)))
    throw biz(CODE.AUTH_FAILED, SMS_VOID_MSG)
  const row = db.prepare('SELECT code, expires_at, attempts FROM sms WHERE mobile = ?').get(mobile) as
    { code: string; expires_at: number; attempts: number } | undefined
  if (!row || !row.code) throw biz(CODE.AUTH_FAILED, '验证码错误或已失效，请重新获取')
  if (row.expires_at < nowSec()) {
    db.prepare("UPDATE sms SET code = '' WHERE mobile = ?").run(mobile)
    throw biz(CODE.AUTH_FAILED, '验证码已过期，请重新获取')
  }
  if (!safeEqual(row.code, String(code))) {
    if (tries) {
      ctx.limiter.add('sms.bindtries', tries)
      ctx.limiter.add('sms.bindguesses', mobile)
      throw biz(CODE.AUTH_FAILED, '验证码错误或已失效，请重新获取')
    }
    const attempts = row.attempts + 1
    const left = ctx.limits.smsMaxAttempts - attempts
    db.prepare(
      left > 0
        ? 'UPDATE sms SET attempts = ? WHERE mobile = ?'
        : "UPDATE sms SET attempts = ?, code = '' WHERE mobile = ?"
    ).run(attempts, mobile)
    throw biz(CODE.AUTH_FAILED, left > 0 ? `验证码错误，还可尝试 ${left} 次` : SMS_VOID_MSG)
  }
  db.prepare("UPDATE sms SET code = '' WHERE mobile = ?").run(mobile)
}

// ---- follows and subscriptions

export function isFollowing(ctx: AppContext, userId: number, streamerId: number): boolean {
  return !!ctx.store.db.prepare('SELECT 1 FROM follows WHERE user_id = ? AND streamer_id = ?').get(userId, streamerId)
}

export function addFollow(ctx: AppContext, userId: number, streamerId: number): void {
  ctx.store.db
    .prepare('INSERT INTO follows (user_id, streamer_id, created_at) VALUES (?, ?, ?)')
    .run(userId, streamerId, nowSec())
}

export function removeFollow(ctx: AppContext, userId: number, streamerId: number): void {
  ctx.store.db.prepare('DELETE FROM follows WHERE user_id = ? AND streamer_id = ?').run(userId, streamerId)
}

/** The streamers `userId` follows, the latest follow first. */
export function followedStreamerIds(ctx: AppContext, userId: number): number[] {
  const rows = ctx.store.db
    .prepare('SELECT streamer_id FROM follows WHERE user_id = ? ORDER BY created_at DESC, streamer_id')
    .all(userId) as Array<{ streamer_id: number }>
  return rows.map((r) => r.streamer_id)
}

export type SubscriptionKind = 'room' | 'teaser'

export function isSubscribed(ctx: AppContext, userId: number, kind: SubscriptionKind, targetId: number): boolean {
  return !!ctx.store.db
    .prepare('SELECT 1 FROM subs WHERE user_id = ? AND kind = ? AND target_id = ?')
    .get(userId, kind, targetId)
}

/** Subscribes; false when the subscription was there already. */
export function addSubscription(ctx: AppContext, userId: number, kind: SubscriptionKind, targetId: number): boolean {
  return (
    ctx.store.db
      .prepare('INSERT OR IGNORE INTO subs (user_id, kind, target_id, created_at) VALUES (?, ?, ?, ?)')
      .run(userId, kind, targetId, nowSec()).changes === 1
  )
}

/** Withdraws a subscription; false when there was none. */
export function removeSubscription(ctx: AppContext, userId: number, kind: SubscriptionKind, targetId: number): boolean {
  return (
    ctx.store.db
      .prepare('DELETE FROM subs WHERE user_id = ? AND kind = ? AND target_id = ?')
      .run(userId, kind, targetId).changes === 1
  )
}
