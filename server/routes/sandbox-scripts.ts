import type { Api } from '../api'
import type { AppContext } from '../context'

/**
 * Sandbox stand-ins for the third-party scripts the H5 app loads (issue 12; sandbox mode only), so that browser tests
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
 *   last 5000); `GET /sandbox/analytics/events` answers them in order as `{code: 1, data: [{type: load | identify |
 *   track, app_key, uid, event, props, version (the script's ?v=), page, at}]}`.
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
  function send(type, body) {
    var payload = { type: type, app_key: key, uid: uid, version: version, page: location.pathname + location.search, at: Date.now() };
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

const MAX_EVENTS = 5000

export function registerSandboxScripts(api: Api, _ctx: AppContext): void {
  const js = (body: string) => async (_req: unknown, reply: { type: (t: string) => { header: (k: string, v: string) => { send: (b: string) => unknown } } }) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body)
  // the scripts are the same text for everyone and carry nothing of anyone: public. The recorded events carry pages,
  // user ids and whatever the app tracked: this machine only (a browser test or the demo's own browser).
  api.app.get('/sandbox/jweixin.js', { config: { access: 'public' } }, js(JWEIXIN))
  api.app.get('/sandbox/analytics.js', { config: { access: 'public' } }, js(ANALYTICS))
  const events: Record<string, unknown>[] = []
  api.app.post('/sandbox/analytics/events', { config: { access: 'loopback' } }, async (req) => {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : null
    if (!body || typeof body.type !== 'string') return { code: -1, msg: '参数错误：事件必须是 JSON 对象', data: null }
    events.push(body)
    if (events.length > MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS)
    return { code: 1, msg: 'success', data: null }
  })
  api.app.get('/sandbox/analytics/events', { config: { access: 'loopback' } }, async () => ({ code: 1, msg: 'success', data: events }))
}
