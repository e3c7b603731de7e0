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
      var entry = { appId: c.appId, timestamp: c.timestamp, nonceStr: c.nonceStr, signature: c.signature, jsApiList: c.jsApiList, url: url, valid: null };
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

export function registerSandboxScripts(api: Api, _ctx: AppContext): void {
  const js = (body: string) => async (_req: unknown, reply: { type: (t: string) => { header: (k: string, v: string) => { send: (b: string) => unknown } } }) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body)
  api.app.get('/sandbox/jweixin.js', js(JWEIXIN))
}
