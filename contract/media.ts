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
