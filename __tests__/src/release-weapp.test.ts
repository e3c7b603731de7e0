/** @jest-environment node */
import { spawnSync } from 'child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'

// `npm run release:weapp` (scripts/release-weapp.mjs) as a release manager runs it: its checks come before the build,
// so a refusal costs no build; `--check` stops after them, `--scan` checks a built package alone.
const root = path.resolve(__dirname, '..', '..')
const HOSTS = ['TARO_APP_API_HOST', 'TARO_APP_LIVE_HOST', 'TARO_APP_STATS_HOST', 'TARO_APP_MOBILE_HOST']
const GOOD: Record<string, string> = {
  TARO_APP_API_HOST: 'https://api.example.com',
  TARO_APP_LIVE_HOST: 'https://live.example.com',
  TARO_APP_STATS_HOST: 'https://stats.example.com',
  TARO_APP_MOBILE_HOST: 'https://m.example.com',
  TARO_APP_MP_APPID: 'wx0123456789abcdef',
  // any text file of the broadcaster's own (this test's file stands in for one)
  TARO_APP_USER_AGREEMENT_FILE: '__tests__/src/release-weapp.test.ts',
  TARO_APP_PRIVACY_POLICY_FILE: '__tests__/src/release-weapp.test.ts'
}
const LEGAL = ['TARO_APP_USER_AGREEMENT_FILE', 'TARO_APP_PRIVACY_POLICY_FILE']

function release(vars: Record<string, string>, ...args: string[]) {
  // the caller's environment without any build-time variable (jest's setup fills them with the defaults)
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TARO_APP_')))
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/release-weapp.mjs', ...args], {
    cwd: root,
    env: { ...base, ...vars } as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 30000
  })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

/** The refusal's lines naming a variable, variable first. */
function named(out: string): string[] {
  return [...out.matchAll(/^ {2}- (TARO_APP_[A-Z_]+) /gm)].map((m) => m[1])
}

describe('release build of the mini-program (npm run release:weapp)', () => {
  test('with no variable set it refuses before building and names every host and the app id', () => {
    const r = release({})
    expect(r.status).toBe(1)
    expect(r.out).toContain('拒绝构建')
    expect(named(r.out)).toEqual([...HOSTS, 'TARO_APP_MP_APPID', ...LEGAL])
    expect(r.out).not.toContain('Webpack') // no build started
  })

  test('R7.2–R7.5 an http host, a protocol-relative one or a loopback/IP one is refused, each named', () => {
    const r = release({
      ...GOOD,
      TARO_APP_API_HOST: 'http://api.example.com',
      TARO_APP_STATS_HOST: '//stats.example.com',
      TARO_APP_MOBILE_HOST: 'https://127.0.0.1:8080'
    })
    expect(r.status).toBe(1)
    expect(named(r.out)).toEqual(['TARO_APP_API_HOST', 'TARO_APP_STATS_HOST', 'TARO_APP_MOBILE_HOST'])
    expect(r.out).toContain('TARO_APP_API_HOST 不是 https 地址（http://api.example.com）')
    expect(r.out).toContain('TARO_APP_MOBILE_HOST 是 IP 地址或 localhost')
  })

  test('the tourist app id is refused, and so is a value that is no app id', () => {
    const tourist = release({ ...GOOD, TARO_APP_MP_APPID: 'touristappid' })
    expect(tourist.status).toBe(1)
    expect(named(tourist.out)).toEqual(['TARO_APP_MP_APPID'])
    expect(tourist.out).toContain('游客 AppID')
    const typo = release({ ...GOOD, TARO_APP_MP_APPID: 'wx123' })
    expect(named(typo.out)).toEqual(['TARO_APP_MP_APPID'])
  })

  test('the demo’s placeholder 用户协议 / 隐私政策 are refused, and so is a file that is not there', () => {
    const r = release({
      ...GOOD,
      TARO_APP_USER_AGREEMENT_FILE: 'config/legal/user-agreement.txt',
      TARO_APP_PRIVACY_POLICY_FILE: 'legal/missing.txt'
    })
    expect(r.status).toBe(1)
    expect(named(r.out)).toEqual(LEGAL)
    expect(r.out).toContain('TARO_APP_USER_AGREEMENT_FILE 仍是演示占位文本（config/legal/user-agreement.txt）')
    expect(r.out).toContain('TARO_APP_PRIVACY_POLICY_FILE 指向的文件不存在（legal/missing.txt）')
  })

  test('with every value set the checks pass, and the origin for an empty host is the API host, not loopback', () => {
    const r = release({ ...GOOD, TARO_APP_WHITELIST: 'news.example.com' }, '--check')
    expect(r.status).toBe(0)
    expect(named(r.out)).toEqual([])
    expect(r.out).toContain('TARO_APP_DEV_ORIGIN=https://api.example.com')
    expect(r.out).not.toMatch(/127\.0\.0\.1|localhost/)
    // the domains to register: the socket on the API host as wss, the web-view's business domains
    expect(r.out).toContain('socket 合法域名：wss://api.example.com')
    expect(r.out).toMatch(/业务域名（web-view）：https:\/\/live\.example\.com news\.example\.com/)
  })

  test('保存图片 works on a release: downloadFile is registered for the API host, where the poster’s mini-program code is', () => {
    // share-platform.ts downloads /userapp/wxacode from the API host before saveImageToPhotosAlbum; with the domain
    // check on, a host missing from the downloadFile list fails every download (url not in domain list)
    const r = release(GOOD, '--check')
    expect(r.status).toBe(0)
    expect(r.out).toMatch(/downloadFile 合法域名：https:\/\/api\.example\.com/)
  })

  test('the package scan fails on a file naming a loopback address and passes a clean one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'release-scan-'))
    try {
      writeFileSync(path.join(dir, 'app.json'), '{}')
      // the WHATWG URL parser's own "localhost" comparison is no address
      writeFileSync(path.join(dir, 'vendors.js'), 'if("localhost"===u.host)u.host=""')
      expect(release({}, '--scan', dir).status).toBe(0)
      writeFileSync(path.join(dir, 'common.js'), 'TARO_APP_DEV_ORIGIN:"http://127.0.0.1:8080"')
      const r = release({}, '--scan', dir)
      expect(r.status).toBe(1)
      expect(r.out).toContain('common.js: 127.0.0.1')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
