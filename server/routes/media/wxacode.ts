// The share poster's mini-program code (R7.39 for WeChat's scanner): GET /userapp/wxacode {page, scene, width}.
import type { FastifyInstance } from 'fastify'
import { finished } from 'node:stream/promises'
import { wxacode } from '../../../contract/media'
import type { drawnCodes } from './drawn-codes'

/** What the stand-in carries: the page and its query as WeChat hands it to onLoad (`scene` percent-encoded). */
export function wxacodeContent(page: string, scene: string): string {
  return `${page}?scene=${encodeURIComponent(scene)}`
}

/**
 * A deployment asks WeChat's `wxacode.getUnlimited` (POST https://api.weixin.qq.com/wxa/getwxacodeunlimit with the
 * mini-program's access token: page without a leading slash or query, scene at most 32 characters of WeChat's set,
 * width 280–1280, default 430) and answers its image. The reference server has no access token: it draws a stand-in,
 * a QR code of `page?scene=<encoded scene>` (the same content: the page and the query onLoad gets), and says so (the
 * JSON answer's `stand_in`, the image's `X-Wxacode: stand-in`). The page and scene are checked by the contract
 * (contract/media.ts: one of the pages that read a scene; WeChat's characters, at most 32). Drawing shares the share
 * QR code's budgets: the caller's `qrcode` limit (30 new codes a minute, counted before anything waits, given back
 * when the queue refuses) and the one drawing queue of the server (lib/qr-drawer.ts); a code already drawn is kept
 * (an LRU of 200, by page, scene and width) and costs nothing.
 */
export function registerWxacode(app: FastifyInstance, draw: ReturnType<typeof drawnCodes>): void {
  app.api.call(wxacode, async (p, call) => {
    const { page, scene, width } = p
    const { png, hit } = await draw(wxacodeContent(page, scene), width, call)
    if (p.format === 'json') {
      const q = new URLSearchParams({ page, scene, width: String(width) })
      return {
        url: `${call.base}/api/v1/userapp/wxacode?${q}`,
        data_url: `data:image/png;base64,${png.toString('base64')}`,
        page,
        scene,
        width,
        stand_in: true
      }
    }
    call.reply
      .type('image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('x-wxacode', 'stand-in')
      .header('x-cache', hit ? 'hit' : 'miss')
      .send(png)
    // the pipeline takes a sent reply for the answer: let it see this one sent, not an envelope still to send
    await finished(call.reply.raw).catch(() => undefined)
    return undefined
  })
}
