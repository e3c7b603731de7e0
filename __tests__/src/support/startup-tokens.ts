/*
 * Access tokens of two accounts of the reference server, made the way a link's author makes them (a login of their own
 * outside the app under test): the demo user A (mobile + password) and a WeChat user B (the sandbox maps a login code
 * to a user of its own). For the startup token tests (R2.26).
 */
import { urlOf } from '@/core/request'

export const ACCOUNT_A = { id: 10001, name: '慧眼观众', mobile: '13800000001', password: 'demo1234' }

export interface Issued {
  token: string
  user: { id: number; name: string }
}

async function login(body: Record<string, string>): Promise<Issued> {
  const res = await fetch(urlOf('/userapp/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, platform: 'WEB', version: '1.0.0' })
  })
  const envelope = (await res.json()) as {
    code: number
    msg: string
    data: { access_token: string; user: Issued['user'] }
  }
  if (envelope.code !== 1) throw new Error(`login refused: ${envelope.msg}`)
  return { token: envelope.data.access_token, user: envelope.data.user }
}

/** A fresh token of the demo user A. */
export function tokenOfA(): Promise<Issued> {
  return login({ mobile: ACCOUNT_A.mobile, password: ACCOUNT_A.password })
}

/** A token of the WeChat user the sandbox keeps for `code` (another account than A's). */
export function tokenOfWechatUser(code: string): Promise<Issued> {
  return login({ code, encryptedData: 'startup-token-test', iv: 'startup-token-test' })
}
