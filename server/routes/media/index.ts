// Media: generated placeholder images, the share QR code (R7.39) and mini-program code (wxacode.ts), uploads (R7.107)
// and the uploaded files.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { FileTypeParser, type Detector } from 'file-type'
import { qrcode, upload } from '../../../contract/media'
import type { Call } from '../../types/context'
import { placeholderPng } from '../../views/img'
import { ImageChecker } from '../../lib/image-check'
import { QrDrawer } from '../../lib/qr-drawer'
import { drawnCodes } from './drawn-codes'
import { biz, BizError, chinaDay, CODE, isFile, safeJoin } from '../../lib/util'
import { NOT_FOUND } from '../../plugins/app/errors'
import { overLimit } from '../../services/limits'
import { finishUpload, releaseUpload, reserveUpload, sizeUpload } from '../../repositories/uploads'
import { registerWxacode } from './wxacode'

/**
 * A multipart body the parser can read: `multipart/form-data` with a boundary. Without one, busboy throws past
 * Fastify's handling (a 500), so such a body is the same refusal as any other that is not multipart.
 */
function isMultipartWithBoundary(req: FastifyRequest): boolean {
  if (!req.isMultipart()) return false
  const type = String(req.headers['content-type'] ?? '')
  return /;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)
}

type Kind = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp4' | 'mp3'

/** The upload extensions accepted and the kind of file their content must be. */
const UPLOAD_TYPES: Record<string, Kind> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
  '.mp4': 'mp4',
  '.m4a': 'mp4',
  '.mp3': 'mp3'
}

const IMAGE_KINDS = new Set<Kind>(['jpeg', 'png', 'gif', 'webp'])

/** The kind of each type file-type names: the MPEG-4 family (mp4, m4a, m4v, f4v…) is mp4, every MPEG audio layer mp3. */
const KIND_OF_MIME: Record<string, Kind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mp4': 'mp4',
  'audio/x-m4a': 'mp4',
  'video/x-m4v': 'mp4',
  'audio/mpeg': 'mp3'
}

/**
 * A file that starts with the PNG signature counts as a PNG, as it always has here: file-type also wants the IHDR
 * chunk after it, which the tests' small fixtures (the signature and a few bytes) do not have.
 */
const pngSignature: Detector = {
  id: 'png-signature',
  async detect(tokenizer) {
    const head = new Uint8Array(8)
    await tokenizer.peekBuffer(head, { length: 8, mayBeLess: true })
    return Buffer.from(head).equals(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))
      ? { ext: 'png', mime: 'image/png' }
      : undefined
  }
}
const fileTypes = new FileTypeParser({ customDetectors: [pngSignature] })

/** The kind the content's own bytes show (file-type), or null. */
async function sniff(buf: Buffer): Promise<Kind | null> {
  const type = await fileTypes.fromBuffer(buf)
  return (type && KIND_OF_MIME[type.mime]) ?? null
}

/**
 * The share QR code's target (R7.39): a page of this site under /m2/, as the absolute URL it is drawn with (WHATWG
 * serialisation: the default port dropped, dot segments resolved), so two spellings of one page are one code. A
 * relative path is a page under /m2/; an absolute http(s) URL must be of this origin; anything else (another host,
 * `//host`, `javascript:`, `data:`, a path whose `..` leaves /m2/) is null.
 */
function ownPage(page: string, base: string): string | null {
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(page) || page.startsWith('//') || page.includes('\\')
  try {
    const u = new URL(absolute ? page : `${base}/m2/${page.replace(/^\/+/, '').replace(/^m2\//, '')}`)
    return (u.protocol === 'http:' || u.protocol === 'https:') &&
      u.origin === new URL(base).origin &&
      u.pathname.startsWith('/m2/')
      ? u.href
      : null
  } catch {
    return null
  }
}

const media: FastifyPluginAsync = async (app) => {
  const { ctx } = app
  const { uploadDir } = ctx
  const { api } = app

  // generated placeholders: /img/<kind>/<id>.png (resize parameters such as ?x-oss-process= are ignored; `.svg`, the
  // placeholders' old name, still answers for avatars saved with it)
  app.get('/img/:kind/:file', async (req, reply) => {
    const { kind, file } = req.params as { kind: string; file: string }
    const id = file.replace(/!.*$/, '').replace(/\.(svg|png|jpe?g)$/i, '')
    if (!/^[a-z]{1,16}$/.test(kind) || !/^[\w-]{1,40}$/.test(id)) return reply.code(404).send(NOT_FOUND)
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(placeholderPng(kind, id))
  })

  // R7.39, R3.53: GET /userapp/qrcode {roomid | path, width = 300} → a PNG QR code of the share link (the
  // maintained `qrcode` library; PNG because the mini-program's image and canvas take it everywhere, SVG not)
  // (add format=json for an envelope with the image URL and a data URL). Only this site's pages are drawn (never a
  // phishing target on another host), at most 1000 px wide. Each code is drawn once, kept by what is drawn (the target
  // as drawn and the width: an LRU of 200); a caller gets at most 30 new codes a minute (code -8), counted before
  // anything waits; and the drawing has one budget for every address (lib/qr-drawer.ts: one code at a time in a
  // worker thread, a few waiting, past that code -8), so many addresses together cannot take the event loop either.
  const drawer = new QrDrawer()
  app.addHook('onClose', () => drawer.close())
  const codes = drawnCodes(ctx, drawer)
  // the mini-program's poster code: the same budgets, the same drawing queue
  registerWxacode(app, drawnCodes(ctx, drawer))
  api.call(qrcode, async (p, call) => {
    const roomid = p.roomid ?? p.roomId
    const width = p.width ?? 300
    if (!roomid && !p.path) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid) 或 页面路径(path)')
    const target = ownPage(p.path || `packageA/pages/live/live?roomid=${roomid}`, call.base)
    if (!target) throw biz(CODE.BAD_PARAM, '参数错误：二维码只能指向本站页面')
    const { png, hit } = await codes(target, width, call)
    if (p.format === 'json') {
      const q = new URLSearchParams({
        width: String(width),
        ...(roomid ? { roomid: String(roomid) } : { path: p.path! })
      })
      return {
        url: `${call.base}/api/v1/userapp/qrcode?${q}`,
        data_url: `data:image/png;base64,${png.toString('base64')}`,
        target,
        width
      }
    }
    // the link inside depends on the host asked: shared caches keep one copy per host
    call.reply
      .type('image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto')
      .header('x-cache', hit ? 'hit' : 'miss')
      .send(png)
    // the pipeline takes a sent reply for the answer: let it see this one sent, not an envelope still to send
    await finished(call.reply.raw).catch(() => undefined)
    return undefined
  })

  // R7.107: multipart field `file` (+ version, platform) → {url}. The client resolves `/upload` on the API host's
  // default base path (R7.2), so the same handler answers at /api/v1/upload too. The payload is {}: the fields are
  // multipart parts, read here.
  const images = new ImageChecker()
  app.addHook('onClose', () => images.close())
  const uploaded = async (req: FastifyRequest, call: Call) => {
    if (!isMultipartWithBoundary(req)) throw biz(CODE.BAD_PARAM, '请使用 multipart/form-data 上传，文件字段名为 file')
    const uid = call.user!.id
    // the day's quota (China time): a place is reserved in one transaction before anything is read, so concurrent
    // uploads cannot all pass a count taken before any of them is recorded; its size is set, against the day's
    // bytes, in one transaction once the file is read. From then on a refused file keeps its place and its bytes
    // (content that is not what its name says, a picture too large or unreadable, a file cut short at 20 MB), so
    // that refusals cost the same quota as uploads; a refusal before the file is read, or the server's own, gives
    // them back
    const since = Math.floor(Date.parse(`${chinaDay()}T00:00:00+08:00`) / 1000)
    const { uploadsPerDay, uploadBytesPerDay } = ctx.limits
    const name = `${Date.now().toString(36)}${crypto.randomBytes(6).toString('hex')}`
    if (!reserveUpload(ctx, name, uid, since, uploadsPerDay))
      throw overLimit('upload.files', '今日上传次数已达上限，请明天再试')
    // set once the file is read and counted: from then on a refusal of the file keeps its place
    let read = false
    try {
      const file = await req.file()
      if (!file || file.fieldname !== 'file') throw biz(CODE.BAD_PARAM, '请选择要上传的文件（字段名 file）')
      const ext = path.extname(file.filename || '').toLowerCase()
      const kind = UPLOAD_TYPES[ext]
      if (!kind) throw biz(CODE.BAD_PARAM, '不支持的文件类型，仅支持图片、mp4、mp3')
      const buf = await file.toBuffer()
      if (!sizeUpload(ctx, name, uid, since, buf.length, uploadBytesPerDay))
        throw overLimit('upload.bytes', '今日上传容量已达上限，请明天再试')
      read = true
      if (file.file.truncated) throw biz(CODE.BAD_PARAM, '文件过大（不超过 20MB）')
      // the content must be what the name says, not HTML or script named .png
      if ((await sniff(buf)) !== kind) throw biz(CODE.BAD_PARAM, '文件内容与类型不符，仅支持图片、mp4、mp3')
      if (IMAGE_KINDS.has(kind)) {
        // its size is read off the event loop, one picture at a time for the whole server (lib/image-check.ts)
        const checking = images.allowed(buf, kind === 'gif')
        if (!checking) throw biz(CODE.TOO_FAST, '上传繁忙，请稍后再试')
        if (!(await checking))
          throw biz(CODE.BAD_PARAM, '图片尺寸过大或无法识别（边长不超过 10000 像素，不超过 5000 万像素）')
      }
      fs.mkdirSync(uploadDir, { recursive: true })
      fs.writeFileSync(path.join(uploadDir, `${name}${ext}`), buf)
      finishUpload(ctx, name, `${name}${ext}`)
      return { url: `/files/${name}${ext}`, name: file.filename, size: buf.length }
    } catch (err) {
      // a refusal before the file is read, the server's busy check queue or its own failure gives the place back
      if (!read || !(err instanceof BizError) || err.code === CODE.TOO_FAST) releaseUpload(ctx, name)
      throw err
    }
  }
  api.call(upload, (_p, call) => uploaded(call.req, call))
  api.call({ ...upload, path: '/upload' }, (_p, call) => uploaded(call.req, call))

  // the uploaded files: never run as a page (nosniff, a sandboxed CSP), a day in caches
  fs.mkdirSync(uploadDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: uploadDir,
    serve: false,
    cacheControl: false,
    etag: false,
    lastModified: false,
    acceptRanges: false
  })
  app.get('/files/:name', async (req, reply) => {
    const full = safeJoin(uploadDir, (req.params as { name: string }).name)
    if (!isFile(full)) return reply.code(404).send(NOT_FOUND)
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .sendFile(path.relative(uploadDir, full))
  })
}

export default media
