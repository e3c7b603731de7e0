import type { FastifyPluginAsync } from 'fastify'
import { analyticsEvents, analyticsRecord } from '../../../contract/dev'

/**
 * Sandbox stand-ins for the third-party scripts the H5 app loads (sandbox mode only), so that browser tests
 * and demos see what the app hands them without the real services:
 *
 * - `/sandbox/jweixin.js`: the messenger's JS-SDK (`window.wx`, jweixin 1.6). `wx.config` checks the signature the way
 *   the messenger does — sha1 of `jsapi_ticket=sandbox&noncestr=…&timestamp=…&url=<the page's URL without hash>`, the
 *   ticket the reference server's get_jssdk (R7.64) signs with — and then calls the `wx.ready` callbacks (or `wx.error`
 *   with `config:invalid signature`). The share calls are recorded. Everything lands in `window.__wxSandbox`:
 *   `{configs: [{appId, timestamp, nonceStr, signature, jsApiList, url, valid}], shares: [...], timeline: [...],
 *   messages: [...]}` for a test (or a curious demo viewer) to read.
 * - `/sandbox/analytics.js`: the analytics SDK (`window.zhuge`: `load(appKey)`, `identify(uid, props)`,
 *   `track(event, props)`, R7.111). Each call is posted to `POST /sandbox/analytics/events` and kept in memory (the
 *   last 5000 and at most 2 MB; an event at most 8 KB of JSON and 8 levels deep; no token, tokentype, code or sign
 *   query parameter in its page, which the script strips before sending too); `GET /sandbox/analytics/events` answers them in order as `{code: 1, data: [{type: load | identify |
 *   track, app_key, uid, event, props, version (the script's ?v=), page, at}]}`.
 *
 * None of these goes through Api.call, and all four stay plain Fastify routes: the two scripts answer JavaScript, not
 * an envelope; the analytics store's two calls are described in contract/dev.ts (their path, method and access are
 * taken from there) but keep a handling of their own: the script posts from the app's page, which may be served from
 * another origin (the H5 dev server), so the API's cross-site refusal must not apply; the POST has its own body limit
 * and messages (code -1); and the GET answers the kept JSON texts as they are, where the API would parse them again
 * and make their root-relative pages absolute.
 */
const JWEIXIN = String.raw`/* sandbox stand-in of the messenger's JS-SDK (reference server) */
(function () {
  var rec = (window.__wxSandbox = { configs: [], shares: [], timeline: [], messages: [] });
  var state = 'idle';
  var readyCbs = [];
  var errorCbs = [];
  function copy(d) { var o = {}; for (var k in d) if (typeof d[k] !== 'function') o[k] = d[k]; return o; }
  function hex(buf) { return Array.prototype.map.call(new Uint8Array(buf), function (b) { return ('0' + b.toString(16)).slice(-2); }).join(''); }
  function sha1(text) {
    if (!window.crypto || !window.crypto.subtle) return Promise.resolve('');
    return window.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)).then(hex);
  }
  function settle(ok) {
    state = ok ? 'ready' : 'error';
    var cbs = (ok ? readyCbs : errorCbs).splice(0);
    (ok ? errorCbs : readyCbs).splice(0);
    cbs.forEach(function (cb) { try { cb(ok ? undefined : { errMsg: 'config:invalid signature' }); } catch (e) { setTimeout(function () { throw e; }); } });
  }
  window.wx = {
    config: function (c) {
      var url = location.href.split('#')[0];
      var entry = { appId: c.appId, timestamp: c.timestamp, nonceStr: c.nonceStr, signature: c.signature, jsApiList: c.jsApiList, openTagList: c.openTagList || [], url: url, valid: null };
      rec.configs.push(entry);
      state = 'pending';
      sha1('jsapi_ticket=sandbox&noncestr=' + c.nonceStr + '&timestamp=' + c.timestamp + '&url=' + url).then(function (sig) {
        entry.valid = !!sig && sig === c.signature;
        settle(entry.valid);
      });
    },
    ready: function (cb) { if (state === 'ready') cb(); else readyCbs.push(cb); },
    error: function (cb) { if (state === 'error') cb({ errMsg: 'config:invalid signature' }); else errorCbs.push(cb); },
    updateAppMessageShareData: function (d) { rec.shares.push(copy(d)); if (d && d.success) d.success(); },
    updateTimelineShareData: function (d) { rec.timeline.push(copy(d)); if (d && d.success) d.success(); },
    miniProgram: { postMessage: function (m) { rec.messages.push(JSON.parse(JSON.stringify(m))); } }
  };
})();
`

const ANALYTICS = String.raw`/* sandbox stand-in of the analytics SDK (reference server) */
(function () {
  var script = document.currentScript;
  var src = script && script.src ? new URL(script.src) : null;
  var endpoint = (src ? src.origin : '') + '/sandbox/analytics/events';
  var version = src ? src.searchParams.get('v') : null;
  var key = null;
  var uid = null;
  // the page without login secrets (a token login or an OAuth round trip may still be in the address)
  function page() {
    var q = new URLSearchParams(location.search);
    Array.from(q.keys()).forEach(function (k) { if (/^(token|tokentype|code|sign)$/i.test(k)) q.delete(k); });
    var rest = q.toString();
    return location.pathname + (rest ? '?' + rest : '');
  }
  function send(type, body) {
    var payload = { type: type, app_key: key, uid: uid, version: version, page: page(), at: Date.now() };
    for (var k in body) payload[k] = body[k];
    try {
      fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), keepalive: true }).catch(function () {});
    } catch (e) {}
  }
  window.zhuge = {
    load: function (appKey) { key = appKey; send('load', {}); },
    identify: function (id, props) { uid = String(id); send('identify', { props: props || {} }); },
    track: function (event, props) { send('track', { event: event, props: props || {} }); }
  };
})();
`

/** Bounds of the recorded events: count, bytes kept (oldest dropped first), and per event its JSON size and depth. */
const MAX_EVENTS = 5000
const MAX_KEPT_BYTES = 2 * 1024 * 1024
const MAX_EVENT_BYTES = 8 * 1024
const MAX_DEPTH = 8
/** query parameters that are login secrets: never kept in an event's `page` */
const SECRET_PARAMS = /^(token|tokentype|code|sign)$/i

/** Nesting depth of a parsed JSON value (the event object itself is 1), counting no further than `max + 1`. */
function depthOver(value: unknown, max: number): boolean {
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v !== 'object') return false
    if (depth > max) return true
    return Object.values(v).some((x) => walk(x, depth + 1))
  }
  return walk(value, 1)
}

function withoutSecrets(page: unknown): unknown {
  if (typeof page !== 'string' || !page.includes('?')) return page
  const at = page.indexOf('?')
  const q = new URLSearchParams(page.slice(at + 1))
  for (const k of [...q.keys()]) if (SECRET_PARAMS.test(k)) q.delete(k)
  const rest = q.toString()
  return page.slice(0, at) + (rest ? `?${rest}` : '')
}

const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const { api } = app
  const js =
    (body: string) =>
    async (
      _req: unknown,
      reply: { type: (t: string) => { header: (k: string, v: string) => { send: (b: string) => unknown } } }
    ) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body)
  // the scripts are the same text for everyone and carry nothing of anyone: public. The recorded events carry pages,
  // user ids and whatever the app tracked: this machine only (a browser test or the demo's own browser).
  api.app.get('/sandbox/jweixin.js', { config: { access: 'public' } }, js(JWEIXIN))
  api.app.get('/sandbox/analytics.js', { config: { access: 'public' } }, js(ANALYTICS))
  // each event is kept as its JSON text (what GET answers), so the bytes counted are the bytes held and a read never
  // serialises a caller-shaped object again
  const events: string[] = []
  let keptBytes = 0
  api.answeredElsewhere(analyticsRecord)
  api.answeredElsewhere(analyticsEvents)
  api.app.route({
    method: analyticsRecord.method,
    url: analyticsRecord.path,
    config: { access: analyticsRecord.access },
    bodyLimit: MAX_EVENT_BYTES * 2,
    handler: async (req) => {
      const body =
        req.body && typeof req.body === 'object' && !Array.isArray(req.body)
          ? (req.body as Record<string, unknown>)
          : null
      if (!body || typeof body.type !== 'string') return { code: -1, msg: '参数错误：事件必须是 JSON 对象', data: null }
      if (depthOver(body, MAX_DEPTH))
        return { code: -1, msg: `参数错误：事件嵌套过深（不超过 ${MAX_DEPTH} 层）`, data: null }
      const text = JSON.stringify({ ...body, ...('page' in body ? { page: withoutSecrets(body.page) } : {}) })
      if (Buffer.byteLength(text) > MAX_EVENT_BYTES)
        return { code: -1, msg: `参数错误：事件过大（不超过 ${MAX_EVENT_BYTES / 1024} KB）`, data: null }
      events.push(text)
      keptBytes += Buffer.byteLength(text)
      while (events.length > MAX_EVENTS || keptBytes > MAX_KEPT_BYTES)
        keptBytes -= Buffer.byteLength(events.shift() as string)
      return { code: 1, msg: 'success', data: null }
    }
  })
  api.app.route({
    method: analyticsEvents.method,
    url: analyticsEvents.path,
    config: { access: analyticsEvents.access },
    handler: async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(`{"code":1,"msg":"success","data":[${events.join(',')}]}`)
  })
}

export default sandboxRoutes
