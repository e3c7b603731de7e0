// The H5 dev server (`npm run dev`, config/dev-server.ts) proxies every path of the reference server that is not the
// app itself: a route added to the server under a new prefix fails here instead of failing in the dev server (where
// the request would reach the app's own index.html).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { devServerOptions } from '../../config/dev-server'
import { withApp } from './helpers'

const options = devServerOptions({ PORT: '9999' })
const proxy = options.proxy[0]
const proxied = (url: string) => proxy.context.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))

test('every route of the reference server outside the app is proxied by the dev server', async () => {
  await withApp({}, async (app) => {
    const routes = app.routeTable.map((r) => r.url)
    assert.ok(routes.length > 100)
    // the app's pages, served by the dev server from memory (and the redirects to them)
    const app_ = (url: string) => url === '/' || url === '/*' || url === '/m2' || url === '/m2/*'
    const missing = [...new Set(routes.filter((url) => !app_(url) && !proxied(url)))]
    assert.deepEqual(missing, [])
    assert.ok(proxied('/m2/json/groups.json'), "the room groups are the server's, under /m2/")
    assert.ok(!proxied('/m2/pages/home/home') && !proxied('/m2/js/app.js'))
  })
})

test('the dev server proxies to the reference server on PORT, WebSocket included, keeping the Host', () => {
  assert.equal(proxy.target, 'http://127.0.0.1:9999')
  assert.equal(devServerOptions({}).proxy[0].target, 'http://127.0.0.1:8080')
  assert.equal(
    devServerOptions({ DEV_PROXY_TARGET: 'http://127.0.0.1:1234', PORT: '9999' }).proxy[0].target,
    'http://127.0.0.1:1234'
  )
  assert.equal(proxy.ws, true)
  assert.equal(proxy.changeOrigin, false)
  assert.equal(proxy.xfwd, true)
  // its own socket is not the app's chat socket
  assert.ok(!proxied(options.webSocketServer.options.path))
  assert.equal(options.host, '127.0.0.1')
  assert.equal(devServerOptions({ DEV_PORT: '4000' }).port, 4000)
})
