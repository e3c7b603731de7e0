// The drawn codes of the share QR code and the mini-program code: kept by what is drawn, drawn within the budgets.
import type { AppContext, Call } from '../../types/context'
import type { QrDrawer } from '../../lib/qr-drawer'
import { callerKey } from '../../plugins/app/identity'
import { limit, tooFast } from '../../services/limits'

/**
 * A code is drawn once and kept by its content and width (an LRU of 200, most recent last). A new one counts against
 * its caller's `qrcode` limit and takes a place in the server's one drawing queue, both in one synchronous step before
 * the first await; a code the full queue refuses is given back to the caller's count (code -8).
 */
export function drawnCodes(ctx: AppContext, drawer: QrDrawer) {
  const cache = new Map<string, Buffer>()
  return async (text: string, width: number, call: Call): Promise<{ png: Buffer; hit: boolean }> => {
    const key = `${width} ${text}`
    let png = cache.get(key)
    const hit = png !== undefined
    if (png) cache.delete(key)
    else {
      const caller = callerKey(call.user, call.req)
      limit(ctx, 'qrcode', caller)
      const drawing = drawer.draw(text, width)
      if (!drawing) {
        ctx.limiter.refund('qrcode', caller)
        throw tooFast()
      }
      png = await drawing
      if (cache.size >= 200) cache.delete(cache.keys().next().value as string)
    }
    cache.set(key, png)
    return { png, hit }
  }
}
