/** The share QR code and uploads (spec section 7, "Media"). */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, Obj, Payload, Url } from './schema'

/**
 * R7.39, R3.53: the share link of a room or of a page of this site as a QR code. The answer is the PNG image itself
 * (`image/png`, not the {code, msg, data} envelope; a refusal is the envelope) unless `format=json`, which answers the
 * envelope with the data below.
 */
export const qrcode = defineCall({
  spec: ['R7.39', 'R3.53'],
  summary: '分享二维码（PNG 图片；format=json 时答复图片地址和 data URL）',
  method: 'GET',
  path: '/api/v1/userapp/qrcode',
  payload: Payload({
    roomid: F.int('直播间ID', { minimum: 1 }),
    roomId: F.int(),
    path: F.str('页面路径', { maxLength: 300 }),
    width: F.int('宽度', { minimum: 50, maximum: 1000, default: 300 }),
    format: F.str(undefined, { description: 'json：答复信封；省略：答复 PNG 图片本身（image/png，不是信封）' })
  }),
  data: Obj(
    {
      url: Url(),
      data_url: Type.String({ description: 'data:image/png;base64,…' }),
      target: Url(),
      width: Type.Integer({ minimum: 50, maximum: 1000 })
    },
    {
      description: 'format=json 的答复；不带 format=json 时答复的是 PNG 图片（image/png），不是 {code, msg, data} 信封'
    }
  )
})

/**
 * R7.107: a multipart/form-data upload, the file in field `file` (+ version, platform); jpg, png, gif, webp, mp4, m4a,
 * mp3 up to 20 MB, the content what the name says. Also answered at /upload (the client resolves it on the API host's
 * default base path, R7.2).
 */
export const upload = defineCall({
  spec: ['R7.107'],
  summary: '上传文件（multipart/form-data，文件字段 file）',
  method: 'POST',
  path: '/api/v1/upload',
  auth: true,
  payload: Payload({}),
  data: Obj({
    url: Url(),
    name: Type.String({ description: '上传时的文件名' }),
    size: Type.Integer({ minimum: 0, description: '字节数' })
  })
})

/** The pages a mini-program code may open: those that read its `scene` (the live room; the entry page at launch). */
export const WXACODE_PAGES = ['packageA/pages/live/live', 'pages/home/home'] as const

/**
 * The share poster's mini-program code in the mini-program (R7.39's code for WeChat's scanner): what WeChat's
 * `wxacode.getUnlimited` draws for `page` + `scene` (`packageA/pages/live/live` + `roomid=496`; the scene at most 32
 * characters of WeChat's set, the page one of WXACODE_PAGES, without a leading slash or a query), answered as the PNG
 * itself unless `format=json`. A deployment calls WeChat's `wxacode.getUnlimited` with the mini-program's access
 * token; the reference server has none and draws a stand-in: a QR code of `page?scene=<encoded scene>`, the same
 * content, and says so (`stand_in` in the JSON answer, `X-Wxacode: stand-in` on the image).
 */
export const wxacode = defineCall({
  spec: ['R7.39', 'R3.53'],
  summary: '小程序码（wxacode.getUnlimited：page + scene；PNG 图片，format=json 时答复图片地址和 data URL）',
  description:
    '正式部署由服务端调用微信 wxacode.getUnlimited；参考服务器没有小程序的 access_token，改画同内容的普通二维码（page?scene=…）代替，并在答复中说明（stand_in，图片答复带 X-Wxacode: stand-in）。',
  method: 'GET',
  path: '/api/v1/userapp/wxacode',
  payload: Payload(
    {
      page: F.str('小程序页面', {
        enum: [...WXACODE_PAGES],
        default: WXACODE_PAGES[0],
        errmsg: '参数错误：小程序码只能打开直播间或首页'
      }),
      scene: F.str('场景参数(scene)', {
        pattern: "^[0-9A-Za-z!#$&'()*+,/:;=?@._~-]{1,32}$",
        errmsg: "参数错误：场景参数(scene)为 1–32 个字符，只能是数字、英文字母和 !#$&'()*+,/:;=?@-._~"
      }),
      width: F.int('宽度', { minimum: 280, maximum: 1280, default: 430 }),
      format: F.str(undefined, { description: 'json：答复信封；省略：答复 PNG 图片本身（image/png，不是信封）' })
    },
    ['scene']
  ),
  data: Obj(
    {
      url: Url(),
      data_url: Type.String({ description: 'data:image/png;base64,…' }),
      page: Type.String({ description: '小程序页面' }),
      scene: Type.String({ description: '场景参数（扫码打开页面时以 query.scene 传入，已 URL 编码）' }),
      width: Type.Integer({ minimum: 280, maximum: 1280 }),
      stand_in: Type.Boolean({ description: 'true：参考服务器画的同内容二维码，不是微信的小程序码' })
    },
    {
      description: 'format=json 的答复；不带 format=json 时答复的是 PNG 图片（image/png），不是 {code, msg, data} 信封'
    }
  )
})
