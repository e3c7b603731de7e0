// Which avatar paths a user may store (R7.63): their own uploads and our placeholders.
import { uploadOwner } from '../repositories/uploads'
import type { AppContext } from '../types/context'

/**
 * The stored path of an avatar (R7.63): one of this user's own uploads (`/files/<name>`, or that file's absolute URL
 * on this origin) or our generated placeholder (`/img/avatar/<id>.png`, or `.svg` as the placeholders were once
 * named); null for anything else (another site, another viewer's file, a path that is no upload).
 */
export function ownAvatar(ctx: AppContext, userId: number, avatar: string, base: string): string | null {
  let p = avatar
  if (!avatar.startsWith('/') || avatar.startsWith('//')) {
    try {
      const u = new URL(avatar)
      if (u.origin !== new URL(base).origin) return null
      p = u.pathname
    } catch {
      return null
    }
  }
  if (/^\/img\/avatar\/\d{1,12}\.(png|svg)$/.test(p)) return p
  const m = /^\/files\/([\w.-]{1,80})$/.exec(p)
  const owner = m ? uploadOwner(ctx, m[1]) : undefined
  return owner !== undefined && owner === userId ? p : null
}
