/*
 * DNS rebinding: a page of another site whose name resolves to 127.0.0.1 for a moment reaches the server on a loopback
 * socket, but with its own name in Host. The loopback-only routes (the demo controls, decided on the matched route)
 * answer only a Host that names this machine. Each test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import { listen, withApp } from './helpers'

const NOT_FOUND = { code: 404, msg: '请求的资源不存在', data: null }
const SMS = '/dev/sms-code?mobile=13800000001'
const FOREIGN = ['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io:8080', 'attacker']
const OWN = ['localhost', 'localhost:8080', '127.0.0.1', '127.0.0.1:39123', '127.8.9.10:80', '[::1]', '[::1]:8080']

test('R9.9 the loopback-only demo controls answer the 404 envelope to a Host that is not this machine (app.inject)', async () => {
  await withApp({}, async (app) => {
    for (const host of FOREIGN)
      for (const url of [SMS, '/%64ev/sms-code?mobile=13800000001', '//dev//sms-code?mobile=13800000001']) {
        const res = await app.inject({ method: 'GET', url, headers: { host }, remoteAddress: '127.0.0.1' })
        assert.equal(res.statusCode, 404, `${host} ${url}`)
        assert.deepEqual(res.json(), NOT_FOUND, host)
      }
    for (const host of OWN) {
      const res = await app.inject({ method: 'GET', url: SMS, headers: { host }, remoteAddress: '127.0.0.1' })
      assert.notEqual(res.statusCode, 404, host)
    }
    // a public route is not this check's business: any Host still gets it
    const pub = await app.inject({ method: 'GET', url: '/sandbox/jweixin.js', headers: { host: 'evil.example' } })
    assert.equal(pub.statusCode, 200)
  })
})

test('R9.9 PUBLIC_ORIGIN’s host counts as this machine for the demo controls', async () => {
  const before = process.env.PUBLIC_ORIGIN
  process.env.PUBLIC_ORIGIN = 'https://live.example.com'
  try {
    await withApp({}, async (app) => {
      const own = await app.inject({ method: 'GET', url: SMS, headers: { host: 'live.example.com' } })
      assert.notEqual(own.statusCode, 404)
      const other = await app.inject({ method: 'GET', url: SMS, headers: { host: 'evil.example' } })
      assert.equal(other.statusCode, 404)
    })
  } finally {
    if (before === undefined) delete process.env.PUBLIC_ORIGIN
    else process.env.PUBLIC_ORIGIN = before
  }
})

function httpGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('R9.9 over real HTTP on a loopback socket, a rebinding Host gets the 404 envelope from the demo controls', async () => {
  await withApp({}, async (app) => {
    const port = await listen(app)
    for (const host of ['evil.example', `evil.example:${port}`]) {
      const res = await httpGet(port, SMS, host)
      assert.equal(res.status, 404, host)
      assert.deepEqual(JSON.parse(res.body), NOT_FOUND)
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await httpGet(port, SMS, host)
      assert.equal(res.status, 200, `${host}: ${res.body}`)
    }
  })
})
