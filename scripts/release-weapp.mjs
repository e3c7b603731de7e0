#!/usr/bin/env node
// `npm run release:weapp`: the mini-program built for release, as a phone will run it (docs/releasing-weapp.md).
// `npm run build:weapp` stays the DevTools preview against the local reference server.
//
// 1. Refuses to build, naming each variable, while one that config/env.ts marks `release` is not what a published
//    mini-program needs: every host (R7.2–R7.5) an https:// domain (WeChat's server-domain lists take no http, no IP
//    address and no localhost), the account's own app id instead of the tourist one, and the broadcaster's own
//    用户协议 and 隐私政策 instead of the demo's placeholders (config/legal/).
// 2. Builds dist/weapp with TARO_APP_DEV_ORIGIN set to the API host: no host is empty in a release, so the origin for
//    an empty host is never used, and the preview's loopback default is not compiled in.
// 3. Writes the app id into dist/weapp/project.config.json and turns domain checking on there (DevTools and
//    miniprogram-ci upload from that folder).
// 4. Fails when any file of the package still names a loopback address.
// 5. Prints the domains to register in the mini-program's admin console.
//
// `-- --check`: step 1 and the domains alone, no build. `-- --scan [dir]`: step 4 alone over a built package.
// Run through tsx (`node --import tsx`), which reads config/env.ts.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CONFIG } from '../config/env.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(root, 'dist/weapp')
const DOC = 'docs/releasing-weapp.md'
/** A mini-program's AppID: `wx` and 16 hex digits. */
const APPID = /^wx[0-9a-f]{16}$/i

/** The declared variables the release checks, with their rule (config/env.ts, `release`). */
const RELEASE_VARS = Object.entries(CONFIG).flatMap(([name, spec]) => (spec.release ? [{ name, ...spec }] : []))

function ipOrLocal(hostname) {
  const h = hostname.toLowerCase()
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.startsWith('[') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(h) ||
    /^\d+$/.test(h) // a bare number is an IPv4 address to the URL parser
  )
}

/** One line per variable that a release cannot be built with (empty when all are fine). */
export function releaseProblems(source) {
  const problems = []
  for (const v of RELEASE_VARS) {
    const value = (source[v.name] ?? '').trim()
    if (v.release === 'own-file') {
      if (!value || value === v.default)
        problems.push(`${v.name} 仍是演示占位文本（${v.default}）：须指定经审定的正式文本文件（UTF-8，段落间空一行）`)
      else if (!existsSync(resolve(root, value))) problems.push(`${v.name} 指向的文件不存在（${value}）`)
      continue
    }
    if (v.release === 'own-id') {
      if (!value)
        problems.push(`${v.name} 未设置：须为小程序自己的 AppID（默认的 ${v.default} 是游客 AppID，不能上传发布）`)
      else if (value === v.default)
        problems.push(`${v.name} 是游客 AppID ${value}：须为小程序自己的 AppID（公众平台「开发管理 - 开发设置」）`)
      else if (!APPID.test(value)) problems.push(`${v.name} 不是小程序 AppID（${value}）：应为 wx 开头的 18 位`)
      continue
    }
    if (!value) {
      problems.push(
        `${v.name} 未设置：须为 https:// 开头的域名（为空时小程序会连 ${CONFIG.TARO_APP_DEV_ORIGIN.default}）`
      )
      continue
    }
    let url = null
    try {
      url = new URL(value)
    } catch {
      // not an absolute URL (a protocol-relative //host included): refused below
    }
    if (!url || url.protocol !== 'https:')
      problems.push(`${v.name} 不是 https 地址（${value}）：须为 https:// 开头的域名`)
    else if (ipOrLocal(url.hostname))
      problems.push(`${v.name} 是 IP 地址或 localhost（${value}）：微信的服务器域名只收已备案的域名`)
  }
  return problems
}

const origin = (value) => new URL(value).origin

/** The build's variables: the caller's, with the origin for an empty host set to the API host. */
export function releaseEnv(source) {
  return { ...source, TARO_APP_DEV_ORIGIN: origin(source.TARO_APP_API_HOST) }
}

const list = (value = '') =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** What to register in the admin console (「开发管理 - 开发设置 - 服务器域名 / 业务域名」), from the variables. */
export function domainsToRegister(source) {
  const uniq = (xs) => [...new Set(xs)]
  const hosts = ['TARO_APP_API_HOST', 'TARO_APP_LIVE_HOST', 'TARO_APP_STATS_HOST', 'TARO_APP_MOBILE_HOST'].map((k) =>
    origin(source[k])
  )
  const api = origin(source.TARO_APP_API_HOST)
  const web = [
    origin(source.TARO_APP_LIVE_HOST),
    ...list(source.TARO_APP_WHITELIST).map((h) => (h.startsWith('.') ? `${h.slice(1)} 下用到的每个主机` : h)),
    ...list(source.TARO_APP_SHORT_LINK_HOST)
  ]
  return [
    `request 合法域名：${uniq(hosts).join(' ')}，以及 HLS 媒体主机（播放列表由 Taro.request 读取）`,
    `socket 合法域名：${api.replace(/^https:/, 'wss:')}`,
    `uploadFile 合法域名：${api}`,
    `downloadFile 合法域名：${api}（保存图片下载直播间小程序码），以及 HLS 媒体主机`,
    `业务域名（web-view）：${uniq(web).join(' ')}`
  ]
}

const LOOPBACK = /\b127(?:\.\d{1,3}){3}\b|\/\/localhost\b|\blocalhost:\d|\[::1\]|\b0\.0\.0\.0\b/g

/** Each file of a built package that names a loopback address, with what it names. */
export function loopbackMentions(dir) {
  const found = []
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else {
        const hits = [...new Set(readFileSync(p, 'latin1').match(LOOPBACK) ?? [])]
        if (hits.length) found.push({ file: relative(dir, p), hits })
      }
    }
  }
  walk(dir)
  return found
}

function refuse(problems) {
  console.error(`release:weapp 拒绝构建：以下构建变量不合发布要求（${DOC}）`)
  for (const p of problems) console.error(`  - ${p}`)
  console.error(
    '设置后重试，例如 TARO_APP_API_HOST=https://api.example.com TARO_APP_LIVE_HOST=https://live.example.com ' +
      'TARO_APP_STATS_HOST=https://stats.example.com TARO_APP_MOBILE_HOST=https://m.example.com ' +
      'TARO_APP_MP_APPID=wx0123456789abcdef npm run release:weapp'
  )
  process.exit(1)
}

function scan(dir) {
  if (!existsSync(join(dir, 'app.json'))) {
    console.error(`${relative(root, dir) || dir} 里没有构建好的小程序（app.json）`)
    process.exit(1)
  }
  const found = loopbackMentions(dir)
  for (const { file, hits } of found) console.error(`  ${file}: ${hits.join(' ')}`)
  if (found.length) {
    console.error(`发布包仍含本机地址（上面 ${found.length} 个文件）：手机连不上，也过不了审核`)
    process.exit(1)
  }
  console.log(`${relative(root, dir) || dir}：不含本机地址`)
}

function main(args) {
  if (args[0] === '--scan') return scan(args[1] ? resolve(args[1]) : DIST)
  const problems = releaseProblems(process.env)
  if (problems.length) refuse(problems)
  const env = releaseEnv(process.env)
  if (args[0] !== '--check') {
    const started = Date.now()
    const build = spawnSync('npx', ['taro', 'build', '--type', 'weapp'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' }
    })
    if (build.status !== 0) process.exit(build.status ?? 1)
    const file = join(DIST, 'project.config.json')
    const project = JSON.parse(readFileSync(file, 'utf8'))
    project.appid = env.TARO_APP_MP_APPID
    project.setting = { ...project.setting, urlCheck: true }
    writeFileSync(file, `${JSON.stringify(project, null, 2)}\n`)
    scan(DIST)
    console.log(`release:weapp: dist/weapp 构建完成，用时 ${Math.round((Date.now() - started) / 1000)} s`)
  } else console.log('release:weapp --check: 变量符合发布要求（未构建）')
  console.log(`AppID ${env.TARO_APP_MP_APPID}；空主机的回退地址 TARO_APP_DEV_ORIGIN=${env.TARO_APP_DEV_ORIGIN}`)
  console.log(`在小程序管理后台登记（${DOC}）：`)
  for (const line of domainsToRegister(env)) console.log(`  ${line}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2))
