/**
 * The API's OpenAPI 3 document, built by @fastify/swagger from the routes' contract schemas (contract/*.ts): served at
 * /api/docs (an interactive page, @fastify/swagger-ui) and /api/docs/openapi.json, and written to docs/openapi.json by
 * `npm run contract:openapi`. Only the contract's calls are described: the demo controls (loopback) and the sandbox's
 * stand-ins are not the API. Each operation names its spec ids, its success rule (R7.1) and whether it needs a login.
 */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'
import type { CallDef } from '../../../contract/call'

const SUCCESS: Record<NonNullable<CallDef['success']>, string> = {
  one: 'code 为 1 表示成功',
  positive: 'code 大于 0 表示成功（如取消关注为 2）',
  zero: 'code 为 0 表示成功（人气统计）'
}

/** The document's text of one call: spec ids, success rule, login. */
function describe(def: CallDef): string {
  return [
    def.spec.length ? `规格：${def.spec.join('、')}` : '',
    SUCCESS[def.success ?? 'one'],
    def.auth
      ? '需要登录：Authorization: Bearer <access_token>，或 id + sign Cookie（R7.65）；未登录时 HTTP 401 `{code: 401, msg: "请先登录"}`'
      : '无需登录',
    def.action ? `动作：a=${def.action}` : ''
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** The tag of a call: the part of its path that names the area. */
function tagOf(def: CallDef): string {
  if (def.action) return def.path.replace(/^\/live\//, '')
  const rest = def.path.replace(/^\/api\/v1\/(userapp|liveapp)\//, '')
  const first = rest.split('/')[0] ?? ''
  return first.startsWith(':') ? 'login' : first || 'api'
}

type Transformed = { schema: FastifySchema & { hide?: boolean }; url: string }

function transform({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }): Transformed {
  const def = route.config?.call
  if (!def || def.access === 'loopback' || url.startsWith('/sandbox/')) return { schema: { hide: true }, url }
  const { querystring, ...rest } = schema as FastifySchema & Record<string, unknown>
  // the payload is validated as one object (query and body merged); a POST-only call takes it as its body
  const payload = def.method === 'POST' ? { body: querystring } : { querystring }
  // the product login answers /userapp/{product}_login for the configured product only (R7.59)
  const productLogin = url.endsWith('/:name')
  const params = productLogin
    ? {
        params: {
          type: 'object',
          properties: {
            product: { type: 'string', description: '产品名：PRODUCT 配置（默认 huizhibo）；其他名称答 404' }
          },
          required: ['product']
        }
      }
    : {}
  return {
    url: def.action ? `${url}?a=${def.action}` : productLogin ? url.replace(/:name$/, '{product}_login') : url,
    schema: {
      ...rest,
      ...payload,
      ...params,
      summary: def.summary,
      description: describe(def),
      tags: [tagOf(def)],
      ...(def.auth ? { security: [{ bearer: [] }, { cookie: [] }] } : {})
    }
  }
}

export const OPENAPI_INFO = {
  title: '直播与点播客户端 API',
  description:
    '客户端调用的全部接口（规格第 7 节）。所有答复为 `{code, msg, data}`；每个调用都会附带 version 与 platform（R7.1）。' +
    '默认接口位于直播 API 主机的 /api/v1 下（R7.2），.php 与 /m2/ 路径在主直播主机（R7.3）。',
  version: '1.0.0'
}

export async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: '登录答复的 access_token' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'sign', description: '与 id Cookie 一起：当前用户（R7.65）' }
        }
      }
    },
    transform: transform
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none', deepLinking: true } })
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
