// What a request that fails before or outside its handler answers: the {code, msg, data} envelope, never a stack.
import { BizError, CODE } from '../../lib/util'
import { exposed } from '../expose'

export const NOT_FOUND = { code: 404, msg: '请求的资源不存在', data: null }

export default exposed('errors', async (app) => {
  // a client's fault (body too large, unsupported content type, malformed multipart…) is a business refusal with HTTP
  // 200; anything else is logged and answers HTTP 500 without details
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    // a refusal thrown outside the API pipeline (a plain route's handler): its own envelope
    if (err instanceof BizError)
      return reply.code(err.httpStatus).send({ code: err.code, msg: err.message, data: err.data })
    const status = err.statusCode ?? 500
    if (status < 500) {
      const msg =
        status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? '文件或请求体过大'
          : status === 415
            ? '不支持的请求格式（请使用 JSON 或表单）'
            : `请求格式错误：${err.message}`
      return reply.code(200).send({ code: CODE.BAD_PARAM, msg, data: null })
    }
    req.log.error(err)
    return reply.code(500).send({ code: -500, msg: '服务器内部错误', data: null })
  })

  // /m2/ has its own (the H5 app's history-mode fallback, routes/site/h5.ts)
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(NOT_FOUND))
})
