// Shared by the weapp suite: one reference server per file, one WeappSim per test (closed after it), and the checks
// every test makes (no thrown error, no console error, no error state on screen).
import assert from 'node:assert/strict'
import { after, afterEach, before } from 'node:test'
import type { Store } from '../server/db'
import { startRefServer, type RefServer } from './server'
import { WeappSim, type SimOptions, type SimPage } from './sim'
import { findAll, textOf, type MpNode } from './tree'

export interface WeappSuite {
  server: RefServer
  /** Launches the build on a page (query as WeChat passes it: not decoded). */
  launch(route?: string, query?: Record<string, string>, options?: Partial<SimOptions>): Promise<WeappSim>
}

/** A reference server for the file (with `content` edits of its seeded database) and a launcher whose sims close after each test. */
export function weappSuite(content?: (store: Store) => void): WeappSuite {
  const open: WeappSim[] = []
  const s = {} as WeappSuite
  before(async () => {
    s.server = await startRefServer(content)
  })
  afterEach(async () => {
    while (open.length) await open.pop()!.close()
  })
  after(async () => {
    await s.server?.stop()
  })
  s.launch = async (route, query = {}, options = {}) => {
    const sim = await WeappSim.launch({ origin: s.server.origin, ...options }, route, query)
    open.push(sim)
    return sim
  }
  return s
}

/** No error was thrown in the app service and nothing was logged with console.error. */
export function assertNoErrors(sim: WeappSim, what = sim.stack.length ? sim.page.route : 'app') {
  assert.equal(sim.errorText(), '', `${what}: errors in the mini-program`)
}

/** The page shows no error state (PageState's error look). */
export function assertNoErrorState(page: SimPage) {
  const errors = page.findAll({ cls: 'page-state--error' }).map(textOf)
  assert.deepEqual(errors, [], `${page.route} shows an error state`)
}

/** The dialog on screen: WeChat's native modal (wx.showModal) or the app's own modal layer drawn in the page. */
export function currentDialog(sim: WeappSim): { title: string; content: string; native: boolean } | null {
  const layer = sim.stack.length ? sim.page.findAll({ cls: 'ui-modal' })[0] : undefined
  if (layer) {
    const title = findAll(layer, { cls: 'ui-modal__title' }).map(textOf).join('')
    const content = findAll(layer, { cls: 'ui-modal__content' }).map(textOf).join('')
    return { title, content, native: false }
  }
  const call = sim.callsOf('showModal').at(-1)
  return call
    ? { title: String(call.options.title ?? ''), content: String(call.options.content ?? ''), native: true }
    : null
}

/** Confirms the in-page modal layer when there is one (WeChat's native modal is answered by the simulator). */
export function confirmDialog(sim: WeappSim) {
  const btn = sim.page.findAll({ cls: 'ui-modal__btn--confirm' })[0]
  if (btn) sim.page.tap(btn)
}

/** The access token the app keeps after login (storage record `{data}`, spec R3.57). */
export function storedToken(sim: WeappSim): string | null {
  const raw = sim.storage.get('access_token')
  if (!raw) return null
  const v = JSON.parse(raw) as { data?: string } | string
  return typeof v === 'object' && v ? (v.data ?? null) : v || null
}

/** Mini-program login through the 我的 tab's button (the wx.login code fetched as it shows, wx.getUserInfo in the tap, spec R7.55). */
export async function loginOnUserPage(sim: WeappSim): Promise<string> {
  if (sim.page.route !== 'pages/user/user') throw new Error('open pages/user/user first')
  await sim.waitForText('微信一键登录')
  // the 用户协议 / 隐私政策 box first: the button logs nobody in before it is ticked
  if (!sim.page.find({ cls: 'user-consent__box--on' })) sim.page.tap({ cls: 'user-consent__box' })
  sim.page.tap({ cls: 'user-mp-login__btn' })
  await sim.waitFor(() => storedToken(sim), 'the access token after login')
  await sim.waitFor(() => !sim.page.text().includes('微信一键登录'), 'the profile instead of the login form')
  return storedToken(sim)!
}

export function nodeText(node: MpNode | undefined): string {
  return textOf(node)
}
