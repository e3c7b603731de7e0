/*
 * Since September 2023 WeChat fails a privacy interface that the account's 用户隐私保护指引 does not declare
 * (`…:fail api scope is not declared in the privacy agreement`), and review refuses a version that uses one
 * undeclared. docs/releasing-weapp.md's "Privacy declarations" table is what the broadcaster declares from: every
 * privacy interface the mini-program calls must be in it.
 */
import * as fs from 'fs'
import * as path from 'path'

const ROOT = path.join(__dirname, '../..')

/** WeChat's privacy interfaces (用户隐私保护指引 → 涉及隐私的接口) among those a viewer-facing app may call. */
const PRIVACY_APIS = [
  'getUserInfo',
  'getUserProfile',
  'chooseMedia',
  'chooseImage',
  'chooseVideo',
  'saveImageToPhotosAlbum',
  'saveVideoToPhotosAlbum',
  'setClipboardData',
  'getClipboardData',
  'startAccelerometer',
  'startGyroscope',
  'startDeviceMotionListening',
  'getLocation',
  'chooseLocation',
  'chooseAddress',
  'getPhoneNumber',
  'addPhoneContact',
  'startRecord',
  'createCameraContext'
]

/** The mini-program's sources: every .ts/.tsx under src/ but the H5 variants. */
function miniProgramSources(dir = path.join(ROOT, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name)
    if (d.isDirectory()) return miniProgramSources(file)
    return /\.tsx?$/.test(d.name) && !/\.h5\.tsx?$/.test(d.name) ? [file] : []
  })
}

function privacySection(): string {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/releasing-weapp.md'), 'utf8')
  const start = doc.indexOf('## Privacy declarations')
  return doc.slice(start, doc.indexOf('\n## ', start + 1))
}

test('every privacy interface the mini-program calls is in the release guide’s privacy declarations', () => {
  const called = new Set<string>()
  for (const file of miniProgramSources()) {
    const code = fs.readFileSync(file, 'utf8')
    for (const api of PRIVACY_APIS) if (new RegExp(`\\b(?:Taro|wx)\\.${api}\\(`).test(code)) called.add(api)
  }
  expect(called.size).toBeGreaterThan(0)
  const section = privacySection()
  const missing = [...called].filter((api) => !section.includes(`\`wx.${api}\``))
  expect(missing).toEqual([])
})
