// A headless WeChat mini-program host for the production build `dist/weapp`.
//
// The build's JavaScript (app.js, runtime/common/vendors/taro.js, the package chunks, the pages) runs in a Node `vm`
// context that has the globals of WeChat's app service: wx, App, Page, Component, Behavior, getApp,
// getCurrentPages, requirePlugin, a mini-program `require`, timers and console, and nothing of Node (no process,
// fetch, URL, Buffer). The `wx` object starts from miniprogram-simulate's stand-in (WeChat's own test tool) and
// replaces what the product depends on:
//   - request       real HTTP (Node's fetch) to the reference server, answering as WeChat does (statusCode, header,
//                   cookies, `data` parsed only for dataType json)
//   - connectSocket a real WebSocket (ws) with WeChat's SocketTask
//   - storage       one store per WeappSim
//   - navigation    a page stack with WeChat's rules (10 pages at most, tab pages only by switchTab, page lifecycles)
//   - require.async a module of another package (分包异步化), answered asynchronously and recorded
//   - getUserProfile / requestSubscribeMessage  only inside a tap, as WeChat requires
//   - getUserInfo    encryptedData and iv only after a wx.login; a refused privacy prompt fails it with errno 104
//   - uploadFile     real multipart HTTP for the temporary files a test hands the app (`tempFiles`)
//   - onAppShow / onAppHide / onNetworkStatusChange  listeners the test fires (appHide, appShow, networkChange)
//   - showModal / showToast / setClipboardData / navigateToMiniProgram …  recorded, answered like WeChat
//   - createVideoContext   a context whose every call (seek, playbackRate …) is recorded
// Every setData is applied to the page's data tree (which is what the WXML renders) and measured.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, posix, relative, resolve } from 'node:path'
import vm from 'node:vm'
import { CONFIG } from '../config/env'
import { WITHOUT_NEWER_BUILT_INS } from '../e2e/old-engine'
import WebSocket from 'ws'
import {
  attrOf,
  findAll,
  pathTo,
  readTemplates,
  tagOf,
  textOf,
  walk,
  type MpNode,
  type NodeTemplate,
  type Query
} from './tree'

const requireCjs = createRequire(import.meta.url)
// WeChat's own stand-in for wx (miniprogram-simulate): system info, contexts, the many APIs the product only touches.
const simulateWx = requireCjs('miniprogram-simulate/src/api') as Record<string, unknown>

export const ROOT = new URL('..', import.meta.url).pathname
export const DIST = join(ROOT, 'dist/weapp')
/**
 * How long a wait for what a page shows may take (waitFor, waitForText) before it fails naming what was awaited: a
 * wait for the environment, not a measure (a condition that holds returns at once). The mini-program's tests run at
 * the lanes' lower priority beside the browser files that time a stream, where a step of a fraction of a second alone
 * once waited on the processor 150 times as long (a jest test's 30 s), so 120 s, as jest's and the browser tests'.
 */
const WAIT_MS = 120_000

/**
 * The first line of a legal text the build was made with: the file its variable names where the test's environment
 * sets it (`npm test` does, for the release build it makes: scripts/test.mjs), else the demo's placeholder.
 */
export function builtLegalText(name: 'TARO_APP_USER_AGREEMENT_FILE' | 'TARO_APP_PRIVACY_POLICY_FILE'): string {
  const file = process.env[name] || CONFIG[name].default
  return readFileSync(resolve(ROOT, file), 'utf8').split('\n')[0]
}

/** WeChat's limit on the page stack: navigateTo fails once ten pages are open. */
export const MAX_PAGES = 10

/** The launch scene of Moments' single-page mode (单页模式). */
export const SINGLE_PAGE_SCENE = 1154
/**
 * What WeChat refuses in single-page mode (share-timeline docs, 单页模式下的限制): every route and the login calls.
 * The simulator records such a call, then fails it.
 */
export const SINGLE_PAGE_REFUSED = [
  'navigateTo',
  'redirectTo',
  'switchTab',
  'reLaunch',
  'navigateBack',
  'navigateToMiniProgram',
  'login',
  'getUserProfile'
] as const

type AnyFn = (...args: any[]) => any
type Dict = Record<string, any>

export interface WxCall {
  api: string
  options: Dict
  /** Called during a tap (WeChat lets getUserProfile and requestSubscribeMessage run only then). */
  inTap: boolean
  t: number
}

export interface SetDataRecord {
  route: string
  /** page, or the custom tab bar of the page */
  target: 'page' | 'tab-bar'
  t: number
  bytes: number
  keys: number
}

export interface SimError {
  where: string
  error: unknown
}

export interface SimOptions {
  /** The reference server: the build's TARO_APP_DEV_ORIGIN is set to it, as a build for that server would be. */
  origin: string
  /** Other build-time variables (config/env.ts) to compile in, e.g. TARO_APP_TMPL_LIVE_START. */
  buildEnv?: Record<string, string>
  /** The build to run (default dist/weapp, or WEAPP_DIST). */
  dist?: string
  /** The user's answer to getUserProfile (default allow). */
  userProfile?: 'allow' | 'refuse'
  /** The user's answer to WeChat's privacy prompt, which guards getUserInfo (default agree). */
  privacy?: 'agree' | 'refuse'
  /** The user's answer to showModal (default: confirm). */
  modal?: (options: Dict) => { confirm: boolean; cancel?: boolean; content?: string }
  /** The answer per template id of requestSubscribeMessage (default accept). */
  subscribe?: 'accept' | 'reject' | 'ban'
  /** The code wx.login answers (the reference server's sandbox takes `dev` for the demo WeChat user). */
  loginCode?: string
  /** Launch query (the console stays on with `debug`, spec R9.27; the suite launches with it). */
  launchQuery?: Record<string, string>
  /**
   * The launch scene (default 1001). 1154 is Moments' single-page mode: the SINGLE_PAGE_REFUSED calls are recorded
   * and fail; 1047 a scanned mini-program code, 1011 a scanned QR code (the launch query carries `scene` or `q`).
   */
  scene?: number
  /**
   * Where the page lays an element out, for the selector queries (`select(selector).boundingClientRect()`): the sim
   * has no layout, so an element it is not told of answers a box of no height at the window's top.
   */
  layout?: (selector: string) => Partial<SimBox> | undefined
  /** The app's clock this far from the real one (ms): `Date` in the app's realm, not the sim's timers. */
  clockShiftMs?: number
}

/** A selector query's answer for one element. */
export interface SimBox {
  width: number
  height: number
  top: number
  left: number
  right: number
  bottom: number
  scrollTop: number
  scrollLeft: number
  scrollHeight: number
  scrollWidth: number
}

interface Registered {
  page: Map<string, Dict>
  component: Map<string, Dict>
}

let webviewIds = 1

/**
 * The build-time variables that name the reference server: every host a release names (the API, live, statistics and
 * mobile hosts) and the origin for an empty host. The sim sets each to the test's server, as a build for that server
 * would name it, whether the build left a host empty (the DevTools preview) or named the broadcaster's (a release).
 */
const SERVER_HOSTS = Object.entries(CONFIG)
  .filter(([k, spec]) => ('release' in spec && spec.release === 'https-host') || k === 'TARO_APP_DEV_ORIGIN')
  .map(([k]) => k)

/** A page instance as WeChat makes one from the Page() config. */
/** What a page and a component share: the tree Taro renders into the instance's data (`root`), to read and tap. */
abstract class SimTree {
  abstract readonly sim: WeappSim
  abstract readonly instance: Dict
  /** who this is, in an error message */
  protected abstract get label(): string

  get root(): MpNode {
    return (this.instance.data.root || { nn: 'root', sid: 'root', cn: [] }) as MpNode
  }

  /** The text a user reads in it (a page's tab bar is apart: `tabBar.text()`). */
  text(): string {
    return textOf(this.root)
  }

  findAll(q: Query): MpNode[] {
    return findAll(this.root, q)
  }

  find(q: Query): MpNode | undefined {
    return this.findAll(q)[0]
  }

  get(q: Query): MpNode {
    const n = this.find(q)
    if (!n)
      throw new Error(
        `${this.label}: no node ${JSON.stringify({ ...q, text: q.text?.toString() })} in:\n${this.text().slice(0, 2000)}`
      )
    return n
  }

  protected node(node: MpNode | Query): MpNode {
    return 'sid' in node ? node : this.get(node)
  }

  /** A tap on the node, bubbling through the ancestors whose template binds tap, as WeChat dispatches it. */
  tap(node: MpNode | Query): void {
    this.sim.dispatch(this.instance, this.root, this.node(node), 'tap', { x: 0, y: 0 })
  }
}

export class SimPage extends SimTree {
  readonly route: string
  readonly query: Record<string, string>
  readonly instance: Dict
  tabBar: SimComponent | null = null
  readonly id: number
  loaded = false
  unloaded = false
  /** the tree as the page's first setData left it (its first render) */
  firstRoot: MpNode | null = null

  constructor(
    readonly sim: WeappSim,
    route: string,
    query: Record<string, string>,
    config: Dict
  ) {
    super()
    this.route = route
    this.query = query
    this.id = webviewIds++
    this.instance = sim.instantiate(config, route, 'page', this)
    Object.assign(this.instance, {
      route,
      __route__: route,
      options: { ...query },
      __wxWebviewId__: this.id,
      __wxExparserNodeId__: `page-${this.id}`,
      getTabBar: () => this.tabBar?.instance ?? null,
      getPageId: () => `pageId:${this.id}`,
      getOpenerEventChannel: () => ({ emit() {}, on() {}, once() {}, off() {} })
    })
  }

  get data(): Dict {
    return this.instance.data
  }

  protected get label(): string {
    return this.route
  }

  /** Nodes drawn as one tag (`web-view`, `video`, `input`…). */
  byTag(tag: string): MpNode[] {
    const out: MpNode[] = []
    for (const { node } of walk(this.root)) if (tagOf(this.sim.templates, node) === tag) out.push(node)
    return out
  }

  attr(node: MpNode, attr: string): unknown {
    return attrOf(this.sim.templates, node, attr)
  }

  /** Typing into an input (an input event with the whole value, as WeChat sends it). */
  input(node: MpNode | Query, value: string): void {
    this.sim.dispatch(this.instance, this.root, this.node(node), 'input', { value, cursor: value.length, keyCode: 0 })
  }

  /** The keyboard's confirm key on an input. */
  confirm(node: MpNode | Query, value: string): void {
    this.sim.dispatch(this.instance, this.root, this.node(node), 'confirm', { value })
  }

  /** Any other event of a node (scrolltolower, change, error…), bubbling like tap. */
  fire(node: MpNode | Query, type: string, detail: Dict = {}): void {
    this.sim.dispatch(this.instance, this.root, this.node(node), type, detail)
  }

  /** What the share button's menu gets from the page (onShareAppMessage), undefined when sharing is off. */
  share(from: 'menu' | 'button' = 'menu'): Dict | undefined {
    const fn = this.instance.onShareAppMessage
    if (typeof fn !== 'function') return undefined
    const payload = this.sim.guard(`${this.route}.onShareAppMessage`, () =>
      fn.call(this.instance, { from, webViewUrl: '' })
    )
    // what WeChat reads of it: a plain JSON object
    return payload === undefined ? undefined : JSON.parse(JSON.stringify(payload))
  }

  /** What Moments' share gets from the page (onShareTimeline), undefined when the page cannot be shared there. */
  shareTimeline(): Dict | undefined {
    const fn = this.instance.onShareTimeline
    if (typeof fn !== 'function') return undefined
    const payload = this.sim.guard(`${this.route}.onShareTimeline`, () => fn.call(this.instance))
    return payload === undefined ? undefined : JSON.parse(JSON.stringify(payload))
  }

  /** The user scrolled to the bottom (onReachBottom). */
  reachBottom(): void {
    this.sim.guard(`${this.route}.onReachBottom`, () => this.instance.onReachBottom?.call(this.instance))
  }
}

/** A component instance (the custom tab bar) as WeChat makes one from the Component() config. */
export class SimComponent extends SimTree {
  readonly instance: Dict
  constructor(
    readonly sim: WeappSim,
    readonly path: string,
    config: Dict,
    page: SimPage
  ) {
    super()
    this.instance = sim.instantiate(config, page.route, 'tab-bar', page)
    const methods = (config.methods || {}) as Dict
    for (const [k, v] of Object.entries(methods)) this.instance[k] = v
    Object.assign(this.instance, {
      is: path,
      getPageId: () => `pageId:${page.id}`,
      __wxExparserNodeId__: `${path}-${page.id}`
    })
  }

  protected get label(): string {
    return 'tab bar'
  }

  lifetime(name: 'attached' | 'detached' | 'ready'): void {
    const fn = this.instance.lifetimes?.[name] || this.instance[name]
    if (typeof fn === 'function') this.sim.guard(`${this.path}.${name}`, () => fn.call(this.instance))
  }
}

export interface SimSocket {
  url: string
  ws: WebSocket
  received: number
  sent: string[]
  closed: boolean
}

/** One running mini-program: `await WeappSim.launch({origin})`, then drive `sim.page`. */
export class WeappSim {
  readonly dist: string
  readonly templates: Map<string, NodeTemplate>
  readonly appJson: Dict
  readonly calls: WxCall[] = []
  readonly setDataLog: SetDataRecord[] = []
  readonly console: { level: string; text: string }[] = []
  readonly errors: SimError[] = []
  readonly requests: { method: string; url: string; body: string; status: number; ms: number; t: number }[] = []
  readonly sockets: SimSocket[] = []
  /** the modules loaded with require.async (WeChat's 分包异步化), in order */
  readonly asyncRequires: string[] = []
  readonly storage = new Map<string, string>()
  /** WeChat's one background audio manager: what the app set on it, its method calls, and its event callbacks */
  readonly backgroundAudio = {
    props: {} as Dict,
    calls: [] as string[],
    handlers: new Map<string, AnyFn>(),
    /** every value the app set `src` to, in order */
    srcSets: [] as string[]
  }
  /** Temporary files WeChat would hand the app (chooseAvatar's avatarUrl …): path → bytes, which uploadFile sends. */
  readonly tempFiles = new Map<string, Uint8Array>()
  /** setData calls that reached a page after its onUnload (WeChat ignores them) */
  setDataAfterUnload = 0
  private appListeners = { show: new Set<AnyFn>(), hide: new Set<AnyFn>(), network: new Set<AnyFn>() }
  clipboard = ''
  stack: SimPage[] = []
  private tabPages = new Map<string, SimPage>()
  private registered: Registered = { page: new Map(), component: new Map() }
  private modules = new Map<string, { exports: unknown }>()
  private loading: string[] = []
  private context: vm.Context
  private timers = new Set<NodeJS.Timeout>()
  /**
   * The delay of every app timer (setTimeout / setInterval) that has run, in the order they ran: tests tell which of
   * the app's own waits has passed by this, never by the wall clock.
   */
  firedTimers: number[] = []
  private intervals = new Set<NodeJS.Timeout>()
  private pendingRequests = 0
  private lastActivity = 0
  private inTap = 0
  private app: Dict | null = null
  private closed = false
  private navQueue: Promise<unknown> = Promise.resolve()
  private onRejection = (reason: unknown) => {
    this.errors.push({ where: 'unhandled rejection', error: reason })
  }

  private constructor(readonly options: SimOptions) {
    this.dist = options.dist ?? process.env.WEAPP_DIST ?? DIST
    if (!existsSync(join(this.dist, 'app.js')))
      throw new Error(`${this.dist}/app.js is missing: run npm run build:weapp first`)
    this.templates = readTemplates(this.dist)
    this.appJson = JSON.parse(readFileSync(join(this.dist, 'app.json'), 'utf8'))
    this.context = vm.createContext(this.globals(), { name: 'weapp app service' })
    // the phone's JavaScript engine: the oldest the build targets (iOS 12.0's JavaScriptCore: nothing after ECMAScript
    // 2018, e2e/old-engine.ts), so every journey of the suite is one an old iPhone takes
    vm.runInContext(WITHOUT_NEWER_BUILT_INS, this.context)
    if (options.clockShiftMs) vm.runInContext(shiftedClock(options.clockShiftMs), this.context)
    process.on('unhandledRejection', this.onRejection)
  }

  /** Loads app.js, runs App's onLaunch and onShow, and opens the first page (default: app.json's first). */
  static async launch(options: SimOptions, path?: string, query: Record<string, string> = {}): Promise<WeappSim> {
    const sim = new WeappSim(options)
    const route = path ?? sim.appJson.pages[0]
    const launchQuery = { ...(options.launchQuery ?? { debug: '1' }), ...query }
    sim.launchOptions = {
      path: route,
      query: launchQuery,
      scene: options.scene ?? 1001,
      referrerInfo: {},
      shareTicket: ''
    }
    sim.load('app')
    if (!sim.app) throw new Error('app.js did not call App()')
    sim.guard('App.onLaunch', () => sim.app!.onLaunch?.call(sim.app, { ...sim.launchOptions }))
    sim.guard('App.onShow', () => sim.app!.onShow?.call(sim.app, { ...sim.launchOptions }))
    await sim.openFirst(route, launchQuery)
    return sim
  }

  launchOptions: Dict = {}

  /** An expression's value in the app service's realm (what its engine has). */
  evaluate(expression: string): unknown {
    return vm.runInContext(expression, this.context)
  }

  // ------------------------------------------------------------------ the app service's globals

  private globals(): Dict {
    const sim = this
    const track =
      (set: Set<NodeJS.Timeout>, repeat: boolean) =>
      (fn: AnyFn, ms?: number, ...args: unknown[]) => {
        if (typeof fn !== 'function') return 0
        const t = (repeat ? setInterval : setTimeout)(() => {
          if (!repeat) set.delete(t)
          sim.firedTimers.push(Number(ms) || 0)
          if (!sim.closed) sim.guard('timer', () => fn(...args))
        }, ms)
        set.add(t)
        return t as unknown as number
      }
    const clear = (set: Set<NodeJS.Timeout>) => (t: NodeJS.Timeout) => {
      if (t === undefined || t === null) return
      clearTimeout(t)
      set.delete(t)
    }
    const record =
      (level: string) =>
      (...args: unknown[]) => {
        const text = args
          .map((a) =>
            a instanceof Error || (a && typeof a === 'object' && 'stack' in a)
              ? ((a as Error).stack ?? String(a as Error))
              : typeof a === 'string'
                ? a
                : safeJson(a)
          )
          .join(' ')
        sim.console.push({ level, text })
        if (process.env.WEAPP_SIM_VERBOSE) process.stderr.write(`[weapp ${level}] ${text}\n`)
      }
    const consoleObj = {
      log: record('log'),
      info: record('info'),
      debug: record('debug'),
      warn: record('warn'),
      error: record('error'),
      group: () => {},
      groupEnd: () => {},
      time: () => {},
      timeEnd: () => {},
      trace: record('trace'),
      assert: (c: unknown, ...a: unknown[]) => {
        if (!c) record('error')('Assertion failed', ...a)
      }
    }
    return {
      wx: this.wx(),
      console: consoleObj,
      setTimeout: track(this.timers, false),
      clearTimeout: clear(this.timers),
      setInterval: track(this.intervals, true),
      clearInterval: clear(this.intervals),
      App: (config: Dict) => {
        sim.app = config
      },
      Page: (config: Dict) => {
        sim.registered.page.set(sim.loading[sim.loading.length - 1], config)
      },
      Component: (config: Dict) => {
        sim.registered.component.set(sim.loading[sim.loading.length - 1], config)
      },
      Behavior: (config: Dict) => config,
      getApp: () => sim.app,
      getCurrentPages: () => sim.stack.map((p) => p.instance),
      requirePlugin: () => ({}),
      __wxConfig: { ...this.appJson, envVersion: 'develop', platform: 'android' }
    }
  }

  /** Runs a file of the build the way WeChat does: a module with require relative to the file. */
  private load(rel: string): unknown {
    const clean = posix.normalize(rel.replace(/\.js$/, '')).replace(/^\/+/, '')
    const cached = this.modules.get(clean)
    if (cached) return cached.exports
    const file = join(this.dist, `${clean}.js`)
    if (!existsSync(file)) throw new Error(`module not found: ${clean}.js`)
    let code = readFileSync(file, 'utf8')
    code = this.applyBuildEnv(code)
    const module = { exports: {} as unknown }
    this.modules.set(clean, module)
    const fn = new vm.Script(`(function (module, exports, require) {${code}\n})`, { filename: file }).runInContext(
      this.context
    ) as AnyFn
    const dir = posix.dirname(clean)
    const resolve = (p: string) => (p.startsWith('/') ? p : posix.join(dir, p))
    const require = (p: string) => this.load(resolve(p))
    // 分包异步化: a module of another package, once WeChat has downloaded that package (asynchronously, always)
    require.async = (p: string) =>
      new Promise((done, fail) =>
        setTimeout(() => {
          const target = posix.normalize(resolve(p)).replace(/^\/+/, '')
          this.asyncRequires.push(target)
          try {
            done(this.load(target))
          } catch (error) {
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- WeChat rejects with {mod, errMsg}
            fail({ mod: p, errMsg: `require.async:fail ${(error as Error).message}` })
          }
        }, 0)
      )
    this.loading.push(clean)
    try {
      fn(module, module.exports, require)
    } finally {
      this.loading.pop()
    }
    return module.exports
  }

  /** Build-time variables are string literals in the bundle (DefinePlugin); a different value is what a build with it set gives. */
  private applyBuildEnv(code: string): string {
    const origin = this.options.origin
    const env: Record<string, string> = {
      ...Object.fromEntries(SERVER_HOSTS.map((k) => [k, origin])),
      ...this.options.buildEnv
    }
    for (const [k, v] of Object.entries(env)) {
      code = code.replace(new RegExp(`\\b${k}:"(?:[^"\\\\]|\\\\.)*"`, 'g'), `${k}:${JSON.stringify(v)}`)
    }
    return code
  }

  // ------------------------------------------------------------------ pages and components

  /** A page or component instance from its config: data deep-copied, the rest copied on, a measured setData. */
  instantiate(config: Dict, route: string, target: SetDataRecord['target'], page: SimPage): Dict {
    const sim = this
    const inst: Dict = {}
    for (const [k, v] of Object.entries(config)) {
      if (k === 'data') continue
      inst[k] = v
    }
    const initial: Dict = JSON.parse(JSON.stringify(config.data ?? {}))
    for (const [k, v] of Object.entries((config.properties || {}) as Dict)) {
      if (!(k in initial)) initial[k] = v && typeof v === 'object' && 'value' in v ? v.value : null
    }
    inst.data = initial
    inst.setData = function setData(data: Dict, cb?: AnyFn) {
      if (page.unloaded && target === 'page') {
        // WeChat drops it silently (Taro's unmount after onUnload renders once more); counted, not applied
        sim.setDataAfterUnload++
        return
      }
      const json = JSON.stringify(data)
      sim.setDataLog.push({
        route,
        target,
        t: Date.now(),
        bytes: Buffer.byteLength(json),
        keys: Object.keys(data).length
      })
      const clean = JSON.parse(json) as Dict
      for (const [path, value] of Object.entries(clean)) setPath(inst.data, path, value)
      if (target === 'page' && !page.firstRoot) page.firstRoot = JSON.parse(JSON.stringify(inst.data.root ?? null))
      if (typeof cb === 'function') sim.later(() => cb.call(inst))
    }
    inst.selectComponent = () => null
    inst.selectAllComponents = () => []
    inst.createSelectorQuery = () => selectorQuery(sim)
    inst.createIntersectionObserver = () => intersectionObserver()
    inst.triggerEvent = () => {}
    return inst
  }

  private pageConfig(route: string): Dict {
    if (!this.registered.page.has(route)) this.load(route)
    const config = this.registered.page.get(route)
    if (!config) throw new Error(`${route}.js did not call Page()`)
    return config
  }

  isTabPage(route: string): boolean {
    return !!this.appJson.tabBar?.list?.some((t: Dict) => t.pagePath === route)
  }

  allPages(): string[] {
    const out = [...this.appJson.pages]
    for (const sp of this.appJson.subPackages || this.appJson.subpackages || [])
      for (const p of sp.pages) out.push(`${sp.root}/${p}`)
    return out
  }

  private async createPage(route: string, query: Record<string, string>): Promise<SimPage> {
    const page = new SimPage(this, route, query, this.pageConfig(route))
    if (this.isTabPage(route) && this.appJson.tabBar?.custom) {
      if (!this.registered.component.has('custom-tab-bar/index')) this.load('custom-tab-bar/index')
      const config = this.registered.component.get('custom-tab-bar/index')
      if (config) page.tabBar = new SimComponent(this, 'custom-tab-bar/index', config, page)
    }
    return page
  }

  private async show(page: SimPage, first: boolean): Promise<void> {
    const inst = page.instance
    if (first) {
      page.tabBar?.lifetime('attached')
      this.guard(`${page.route}.onLoad`, () => inst.onLoad?.call(inst, { ...page.query }))
      page.loaded = true
      this.guard(`${page.route}.onShow`, () => inst.onShow?.call(inst))
      await tick()
      this.guard(`${page.route}.onReady`, () => inst.onReady?.call(inst))
      page.tabBar?.lifetime('ready')
    } else {
      this.guard(`${page.route}.onShow`, () => inst.onShow?.call(inst))
    }
  }

  private hide(page: SimPage | undefined): void {
    if (page && !page.unloaded) this.guard(`${page.route}.onHide`, () => page.instance.onHide?.call(page.instance))
  }

  private unload(page: SimPage): void {
    if (page.unloaded) return
    if (this.isTabPage(page.route)) return this.hide(page) // tab pages stay alive
    this.guard(`${page.route}.onUnload`, () => page.instance.onUnload?.call(page.instance))
    page.unloaded = true
  }

  private async openFirst(route: string, query: Record<string, string>): Promise<void> {
    const page = await this.createPage(route, query)
    this.stack = [page]
    if (this.isTabPage(route)) this.tabPages.set(route, page)
    await this.show(page, true)
  }

  /** The page on top of the stack. */
  get page(): SimPage {
    const p = this.stack[this.stack.length - 1]
    if (!p) throw new Error('no page open')
    return p
  }

  /** `/pages/a/a?x=1` or a path relative to the current page into route + raw query (WeChat does not decode it). */
  resolveUrl(url: string): { route: string; query: Record<string, string> } {
    const [pathPart, search = ''] = String(url).split('?')
    let route: string
    if (pathPart.startsWith('/')) route = pathPart.slice(1)
    else {
      const base = this.stack.length ? posix.dirname(this.page.route) : ''
      route = posix.normalize(posix.join(base, pathPart))
    }
    const query: Record<string, string> = {}
    for (const part of search.split('&')) {
      if (!part) continue
      const eq = part.indexOf('=')
      if (eq < 0) query[part] = ''
      else query[part.slice(0, eq)] = part.slice(eq + 1)
    }
    return { route: route.replace(/\/+$/, ''), query }
  }

  private navigate(api: string, options: Dict, run: () => Promise<string | null>): void {
    // WeChat routes one at a time and answers asynchronously.
    this.navQueue = this.navQueue.then(async () => {
      await tick()
      let fail: string | null
      try {
        fail = await run()
      } catch (err) {
        fail = `${api}:fail ${(err as Error).message}`
        this.errors.push({ where: api, error: err })
      }
      const res = { errMsg: fail ?? `${api}:ok` }
      this.guard(`${api} callback`, () => {
        if (fail) options.fail?.(res)
        else options.success?.(res)
        options.complete?.(res)
      })
    })
  }

  private knownPage(route: string): boolean {
    return this.allPages().includes(route)
  }

  private wxNavigateTo(options: Dict) {
    this.navigate('navigateTo', options, async () => {
      const { route, query } = this.resolveUrl(options.url)
      if (!this.knownPage(route)) return `navigateTo:fail page "${route}" is not found`
      if (this.isTabPage(route)) return 'navigateTo:fail can not navigateTo a tabbar page'
      if (this.stack.length >= MAX_PAGES) return 'navigateTo:fail webview count limit exceed'
      this.hide(this.stack[this.stack.length - 1])
      const page = await this.createPage(route, query)
      this.stack.push(page)
      await this.show(page, true)
      return null
    })
  }

  private wxRedirectTo(options: Dict) {
    this.navigate('redirectTo', options, async () => {
      const { route, query } = this.resolveUrl(options.url)
      if (!this.knownPage(route)) return `redirectTo:fail page "${route}" is not found`
      if (this.isTabPage(route)) return 'redirectTo:fail can not redirectTo a tabbar page'
      const old = this.stack.pop()
      if (old) this.unload(old)
      const page = await this.createPage(route, query)
      this.stack.push(page)
      await this.show(page, true)
      return null
    })
  }

  private wxSwitchTab(options: Dict) {
    this.navigate('switchTab', options, async () => {
      const { route } = this.resolveUrl(options.url)
      if (!this.knownPage(route)) return `switchTab:fail page "${route}" is not found`
      if (!this.isTabPage(route)) return 'switchTab:fail can not switch to no-tabBar page'
      const top = this.stack[this.stack.length - 1]
      if (top?.route === route && this.stack.length === 1) return null
      for (const p of this.stack.slice().reverse()) if (p !== this.tabPages.get(route)) this.unload(p)
      const existing = this.tabPages.get(route)
      if (existing) {
        this.stack = [existing]
        await this.show(existing, false)
      } else {
        const page = await this.createPage(route, {})
        this.tabPages.set(route, page)
        this.stack = [page]
        await this.show(page, true)
      }
      return null
    })
  }

  private wxReLaunch(options: Dict) {
    this.navigate('reLaunch', options, async () => {
      const { route, query } = this.resolveUrl(options.url)
      if (!this.knownPage(route)) return `reLaunch:fail page "${route}" is not found`
      for (const p of this.stack.slice().reverse()) this.unload(p)
      for (const p of this.tabPages.values()) {
        this.guard(`${p.route}.onUnload`, () => p.instance.onUnload?.call(p.instance))
        p.unloaded = true
      }
      this.tabPages.clear()
      const page = await this.createPage(route, query)
      if (this.isTabPage(route)) this.tabPages.set(route, page)
      this.stack = [page]
      await this.show(page, true)
      return null
    })
  }

  private wxNavigateBack(options: Dict) {
    this.navigate('navigateBack', options, async () => {
      const delta = Math.max(1, Number(options.delta) || 1)
      if (this.stack.length <= 1) return 'navigateBack:fail cannot navigate back at first page.'
      const n = Math.min(delta, this.stack.length - 1)
      for (let i = 0; i < n; i++) this.unload(this.stack.pop()!)
      await this.show(this.page, false)
      return null
    })
  }

  /** Re-enters the mini-program on a page (a share card, a scan): WeChat's reLaunch, storage kept. */
  async reLaunch(url: string): Promise<SimPage> {
    this.wxReLaunch({ url })
    await this.routed()
    return this.page
  }

  /** The viewer's back (the navigation bar's arrow): WeChat's navigateBack. */
  async navigateBack(): Promise<SimPage> {
    this.wxNavigateBack({})
    await this.routed()
    return this.page
  }

  /** Waits until every navigation asked for so far has happened. */
  async routed(): Promise<void> {
    let q: Promise<unknown>
    do {
      q = this.navQueue
      await q
      await tick()
    } while (q !== this.navQueue)
  }

  // ------------------------------------------------------------------ events

  /**
   * WeChat's dispatch of a native event: from the target up, every ancestor whose template binds the event gets
   * `eh(event)` with itself as currentTarget; `catch` stops the bubbling. Taro routes it to the React handler.
   */
  dispatch(owner: Dict, root: MpNode, target: MpNode, type: string, detail: Dict): void {
    const path = pathTo(root, target)
    if (!path) throw new Error(`node ${target.sid} is not on the page`)
    const targetInfo = { id: target.uid || target.sid, dataset: { sid: target.sid }, offsetLeft: 0, offsetTop: 0 }
    const bubbles = ['tap', 'touchstart', 'touchmove', 'touchend', 'longpress'].includes(type)
    const chain = bubbles ? path.slice().reverse() : [target]
    const tapLike = type === 'tap'
    if (tapLike) this.inTap++
    try {
      for (const node of chain) {
        if (node === root) break
        const binding = this.templates.get(node.nn)?.events[type]
        if (!binding) continue
        const event = {
          type,
          timeStamp: Date.now(),
          target: targetInfo,
          currentTarget: { id: node.uid || node.sid, dataset: { sid: node.sid }, offsetLeft: 0, offsetTop: 0 },
          detail: { ...detail },
          // a touch event's fingers, when the test gives them (detail.touches: [{ clientX, clientY }])
          touches: Array.isArray(detail.touches) ? detail.touches : [],
          changedTouches: Array.isArray(detail.touches) ? detail.touches : [],
          mark: {},
          mut: false
        }
        this.guard(`${type} on ${node.sid}`, () => owner.eh.call(owner, event))
        if (binding === 'catch') break
      }
    } finally {
      if (tapLike) this.inTap--
    }
  }

  // ------------------------------------------------------------------ wx

  /** A call the app made, kept in `calls` (the selector queries' stand-in records through it too). */
  record(api: string, options: Dict = {}) {
    this.calls.push({ api, options: safeClone(options), inTap: this.inTap > 0, t: Date.now() })
  }

  /** The requests whose URL matches, with their JSON or form body parsed. */
  requestsTo(pattern: RegExp): { url: string; status: number; t: number; body: Dict }[] {
    return this.requests
      .filter((r) => pattern.test(r.url))
      .map((r) => {
        let body: Dict = {}
        try {
          body = r.body.startsWith('{') ? JSON.parse(r.body) : Object.fromEntries(new URLSearchParams(r.body))
        } catch {
          body = { raw: r.body }
        }
        return { url: r.url, status: r.status, t: r.t, body }
      })
  }

  private audioManager: Dict | null = null

  /** WeChat's BackgroundAudioManager: one per app; setting `src` plays it (recorded as a `play`). */
  backgroundAudioManager(): Dict {
    if (this.audioManager) return this.audioManager
    const a = this.backgroundAudio
    const on = (name: string) => (fn: AnyFn) => a.handlers.set(name, fn)
    const target: Dict = {
      play: () => a.calls.push('play'),
      pause: () => a.calls.push('pause'),
      stop: () => a.calls.push('stop'),
      seek: (t: number) => a.calls.push(`seek ${t}`),
      currentTime: 0,
      duration: 0,
      paused: true
    }
    for (const e of [
      'Canplay',
      'Waiting',
      'Error',
      'Play',
      'Pause',
      'Seeking',
      'Seeked',
      'Ended',
      'Stop',
      'TimeUpdate',
      'Prev',
      'Next'
    ])
      target[`on${e}`] = on(e.toLowerCase())
    this.audioManager = new Proxy(target, {
      set: (t, key, value) => {
        if (typeof key === 'string' && !(key in t && typeof t[key] === 'function')) {
          a.props[key] = value
          if (key === 'src' && value) a.calls.push('play')
          if (key === 'src') a.srcSets.push(String(value))
        }
        t[key as string] = value
        return true
      }
    })
    return this.audioManager
  }

  /** A background audio event as WeChat fires it (`play`, `error`, `timeupdate` …). */
  fireBackgroundAudio(event: string): void {
    const fn = this.backgroundAudio.handlers.get(event)
    if (fn) this.guard(`backgroundAudio.${event}`, fn)
  }

  /** The viewer leaves WeChat (home button, another app): the page's onHide, App.onHide and wx.onAppHide listeners. */
  appHide(): void {
    if (this.stack.length) this.hide(this.page)
    this.guard('App.onHide', () => this.app?.onHide?.call(this.app))
    for (const fn of [...this.appListeners.hide]) this.guard('onAppHide', () => fn())
  }

  /** The viewer comes back: App.onShow and wx.onAppShow listeners, then the page's onShow. */
  appShow(): void {
    const options = { ...this.launchOptions }
    this.guard('App.onShow', () => this.app?.onShow?.call(this.app, options))
    for (const fn of [...this.appListeners.show]) this.guard('onAppShow', () => fn(options))
    if (this.stack.length) {
      const inst = this.page.instance
      this.guard(`${this.page.route}.onShow`, () => inst.onShow?.call(inst))
    }
  }

  /** The phone changes network (Wi-Fi to 4G, or back): wx.onNetworkStatusChange listeners. */
  networkChange(res: { isConnected: boolean; networkType: string } = { isConnected: true, networkType: '4g' }): void {
    for (const fn of [...this.appListeners.network]) this.guard('onNetworkStatusChange', () => fn({ ...res }))
  }

  /** The calls of one wx API, in order. */
  callsOf(api: string): WxCall[] {
    return this.calls.filter((c) => c.api === api)
  }

  private later(fn: AnyFn, ms = 0) {
    const t = setTimeout(() => {
      this.timers.delete(t)
      if (!this.closed) this.guard('callback', fn)
    }, ms)
    this.timers.add(t)
  }

  /** success/fail/complete of an async wx API, later, as WeChat calls them. */
  private answer(api: string, options: Dict, result: Dict | string, ms = 0) {
    const fail = typeof result === 'string'
    const res = fail ? { errMsg: `${api}:fail ${result}` } : { errMsg: `${api}:ok`, ...result }
    this.later(() => {
      if (fail) options.fail?.(res)
      else options.success?.(res)
      options.complete?.(res)
    }, ms)
  }

  private wx(): Dict {
    const sim = this
    const base: Dict = {}
    for (const [k, v] of Object.entries(simulateWx)) base[k] = v
    const system = {
      ...(simulateWx.getSystemInfoSync as AnyFn)(),
      platform: 'android',
      system: 'Android 14',
      brand: 'weapp-sim',
      model: 'weapp-sim'
    }
    const recorded =
      (api: string, result: (o: Dict) => Dict | string = () => ({})) =>
      (options: Dict = {}) => {
        sim.record(api, options)
        sim.answer(api, options, result(options))
      }
    const tapOnly =
      (api: string, result: (o: Dict) => Dict | string) =>
      (options: Dict = {}) => {
        sim.record(api, options)
        sim.answer(api, options, sim.inTap > 0 ? result(options) : 'can only be invoked by user TAP gesture.')
      }
    const overrides: Dict = {
      // system
      getSystemInfoSync: () => ({ ...system }),
      getSystemInfo: (o: Dict = {}) => sim.answer('getSystemInfo', o, { ...system }),
      getWindowInfo: () => ({ ...system }),
      // the capsule where a phone puts it (10 px from the right edge, 4 px below the status bar), not where the
      // spec's default guess would (7 px from the edge)
      getMenuButtonBoundingClientRect: () => ({
        width: 87,
        height: 32,
        top: system.statusBarHeight + 4,
        bottom: system.statusBarHeight + 36,
        right: system.windowWidth - 10,
        left: system.windowWidth - 97
      }),
      getDeviceInfo: () => ({
        brand: system.brand,
        model: system.model,
        system: system.system,
        platform: system.platform
      }),
      getAppBaseInfo: () => ({
        SDKVersion: system.SDKVersion,
        language: 'zh_CN',
        version: system.version,
        theme: 'light'
      }),
      getLaunchOptionsSync: () => ({ ...sim.launchOptions }),
      getEnterOptionsSync: () => ({ ...sim.launchOptions }),
      getAccountInfoSync: () => ({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }),
      createSelectorQuery: () => selectorQuery(sim),
      // the background audio manager: properties the app sets (src starts it), method calls and event callbacks
      getBackgroundAudioManager: () => sim.backgroundAudioManager(),
      // a <video>'s context: each method call recorded as `VideoContext.<method>` with the video's id and arguments
      createVideoContext: (id: string) =>
        new Proxy(
          {},
          {
            get:
              (_t, method) =>
              (...args: unknown[]) =>
                sim.record(`VideoContext.${String(method)}`, { id, args })
          }
        ),
      createIntersectionObserver: () => intersectionObserver(),
      // network
      request: (options: Dict) => sim.request(options),
      uploadFile: (options: Dict) => {
        sim.record('uploadFile', options)
        const file = sim.tempFiles.get(String(options.filePath))
        if (file) sim.upload(options, file)
        else sim.answer('uploadFile', options, 'the weapp simulator has no files to upload')
        return {
          abort() {},
          onProgressUpdate() {},
          offProgressUpdate() {},
          onHeadersReceived() {},
          offHeadersReceived() {}
        }
      },
      connectSocket: (options: Dict) => sim.connectSocket(options),
      // storage
      setStorageSync: (key: unknown, data: unknown) => {
        if (typeof key !== 'string')
          throw new Error('setStorageSync:fail parameter error: parameter.key should be String')
        sim.storage.set(key, JSON.stringify(data === undefined ? null : data))
      },
      getStorageSync: (key: unknown) => {
        if (typeof key !== 'string')
          throw new Error('getStorageSync:fail parameter error: parameter.key should be String')
        const v = sim.storage.get(key)
        return v === undefined ? '' : JSON.parse(v)
      },
      removeStorageSync: (key: string) => {
        sim.storage.delete(key)
      },
      clearStorageSync: () => sim.storage.clear(),
      getStorageInfoSync: () => ({ keys: [...sim.storage.keys()], currentSize: 0, limitSize: 10240 }),
      setStorage: (o: Dict) => {
        sim.storage.set(o.key, JSON.stringify(o.data ?? null))
        sim.answer('setStorage', o, {})
      },
      getStorage: (o: Dict) => {
        const v = sim.storage.get(o.key)
        sim.answer('getStorage', o, v === undefined ? 'data not found' : { data: JSON.parse(v) })
      },
      removeStorage: (o: Dict) => {
        sim.storage.delete(o.key)
        sim.answer('removeStorage', o, {})
      },
      // routing
      navigateTo: (o: Dict) => {
        sim.record('navigateTo', o)
        sim.wxNavigateTo(o)
      },
      redirectTo: (o: Dict) => {
        sim.record('redirectTo', o)
        sim.wxRedirectTo(o)
      },
      switchTab: (o: Dict) => {
        sim.record('switchTab', o)
        sim.wxSwitchTab(o)
      },
      reLaunch: (o: Dict) => {
        sim.record('reLaunch', o)
        sim.wxReLaunch(o)
      },
      navigateBack: (o: Dict = {}) => {
        sim.record('navigateBack', o)
        sim.wxNavigateBack(o)
      },
      navigateToMiniProgram: recorded('navigateToMiniProgram'),
      // interaction
      showModal: (o: Dict = {}) => {
        sim.record('showModal', o)
        for (const k of ['confirmText', 'cancelText']) {
          if (typeof o[k] === 'string' && textUnits(o[k]) > 8)
            return sim.answer('showModal', o, `${k} length should not larger than 4 Chinese characters`)
        }
        const a = sim.options.modal?.(o) ?? { confirm: true }
        sim.answer('showModal', o, { confirm: a.confirm, cancel: a.cancel ?? !a.confirm, content: a.content })
      },
      showToast: recorded('showToast'),
      hideToast: recorded('hideToast'),
      pageScrollTo: recorded('pageScrollTo'),
      showLoading: recorded('showLoading'),
      hideLoading: recorded('hideLoading'),
      showActionSheet: recorded('showActionSheet', () => 'cancel'),
      setClipboardData: (o: Dict) => {
        sim.record('setClipboardData', o)
        sim.clipboard = String(o.data ?? '')
        sim.answer('setClipboardData', o, {})
      },
      getClipboardData: (o: Dict) => sim.answer('getClipboardData', o, { data: sim.clipboard }),
      setNavigationBarTitle: recorded('setNavigationBarTitle'),
      stopPullDownRefresh: recorded('stopPullDownRefresh'),
      showShareMenu: recorded('showShareMenu'),
      hideShareMenu: recorded('hideShareMenu'),
      previewImage: recorded('previewImage'),
      // app lifecycle and network
      onAppShow: (fn: AnyFn) => sim.appListeners.show.add(fn),
      offAppShow: (fn: AnyFn) => sim.appListeners.show.delete(fn),
      onAppHide: (fn: AnyFn) => sim.appListeners.hide.add(fn),
      offAppHide: (fn: AnyFn) => sim.appListeners.hide.delete(fn),
      onNetworkStatusChange: (fn: AnyFn) => sim.appListeners.network.add(fn),
      offNetworkStatusChange: (fn: AnyFn) => sim.appListeners.network.delete(fn),
      // open abilities
      login: recorded('login', () => ({ code: sim.options.loginCode ?? 'dev' })),
      // since base library 2.27.1 the anonymous 微信用户; encryptedData and iv only with a login code fetched before
      getUserInfo: (o: Dict = {}) => {
        sim.record('getUserInfo', o)
        if (sim.options.privacy === 'refuse') {
          const res = { errMsg: 'getUserInfo:fail privacy permission is not authorized', errno: 104 }
          return sim.later(() => {
            o.fail?.(res)
            o.complete?.(res)
          })
        }
        const credentials =
          o.withCredentials && sim.callsOf('login').length ? { encryptedData: 'sim-encrypted-data', iv: 'sim-iv' } : {}
        sim.answer('getUserInfo', o, {
          userInfo: { nickName: '微信用户', avatarUrl: '', gender: 0, language: 'zh_CN' },
          rawData: '{}',
          signature: 'sim',
          ...credentials
        })
      },
      getUserProfile: tapOnly('getUserProfile', () =>
        sim.options.userProfile === 'refuse'
          ? 'auth deny'
          : {
              userInfo: { nickName: '微信用户', avatarUrl: '', gender: 0, language: 'zh_CN' },
              rawData: '{}',
              signature: 'sim',
              encryptedData: 'sim-encrypted-data',
              iv: 'sim-iv'
            }
      ),
      requestSubscribeMessage: tapOnly('requestSubscribeMessage', (o) => {
        const out: Dict = {}
        for (const id of o.tmplIds || []) out[id] = sim.options.subscribe ?? 'accept'
        return out
      }),
      requestPayment: recorded('requestPayment', () => '签名错误（沙箱支付请在确认页完成）'),
      openChannelsLive: recorded('openChannelsLive'),
      openChannelsActivity: recorded('openChannelsActivity')
    }
    // Moments' single-page mode: no route to another page, no login (recorded, then failed as WeChat fails them)
    for (const api of SINGLE_PAGE_REFUSED) {
      const run = overrides[api] as AnyFn
      overrides[api] = (o: Dict = {}) => {
        if (sim.launchOptions.scene !== SINGLE_PAGE_SCENE) return run(o)
        sim.record(api, o)
        sim.answer(api, o, 'not supported in single page mode')
      }
    }
    return Object.assign(base, overrides)
  }

  private request(options: Dict) {
    const sim = this
    const method = String(options.method || 'GET').toUpperCase()
    const header: Record<string, string> = {}
    for (const [k, v] of Object.entries((options.header || {}) as Dict))
      if (v !== undefined && v !== null) header[k] = String(v)
    let url = String(options.url)
    let body: string | undefined
    const data = options.data
    if (method === 'GET' || method === 'HEAD') {
      const qs = data && typeof data === 'object' ? formEncode(data) : typeof data === 'string' ? data : ''
      if (qs) url += (url.includes('?') ? '&' : '?') + qs
    } else if (data !== undefined) {
      const ctKey = Object.keys(header).find((k) => k.toLowerCase() === 'content-type')
      const ct = ctKey ? header[ctKey] : 'application/json'
      if (!ctKey) header['content-type'] = ct
      body =
        typeof data === 'string' ? data : /x-www-form-urlencoded/i.test(ct) ? formEncode(data) : JSON.stringify(data)
    }
    const controller = new AbortController()
    const timeout = Number(options.timeout) || 60000
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeout)
    const started = Date.now()
    sim.pendingRequests++
    sim.lastActivity = started
    const done = (res: Dict, ok: boolean) => {
      clearTimeout(timer)
      sim.pendingRequests--
      sim.lastActivity = Date.now()
      if (sim.closed) return
      sim.guard(`request ${url}`, () => {
        if (ok) options.success?.(res)
        else options.fail?.(res)
        options.complete?.(res)
      })
    }
    // the mini-program asks for media over https (the live store matches the page's protocol, R3.12); the reference
    // server speaks plain http, so its own origin over https is reached over http, as a TLS terminator would
    const serverHttps = this.options.origin.replace(/^http:/, 'https:')
    const target = url.startsWith(`${serverHttps}/`) ? this.options.origin + url.slice(serverHttps.length) : url
    fetch(target, { method, headers: header, body, signal: controller.signal })
      .then(async (r) => {
        const text = await r.text()
        sim.requests.push({ method, url, body: body ?? '', status: r.status, ms: Date.now() - started, t: started })
        let parsed: unknown = text
        if ((options.dataType ?? 'json') === 'json') {
          try {
            parsed = JSON.parse(text)
          } catch {
            parsed = text
          }
        }
        const headers: Record<string, string> = {}
        r.headers.forEach((v, k) => {
          if (k !== 'set-cookie') headers[k] = v
        })
        const cookies = r.headers.getSetCookie()
        if (cookies.length) headers['Set-Cookie'] = cookies.join(',')
        done({ data: parsed, statusCode: r.status, header: headers, cookies, errMsg: 'request:ok' }, true)
      })
      .catch((err: Error) => {
        sim.requests.push({ method, url, body: body ?? '', status: 0, ms: Date.now() - started, t: started })
        done({ errMsg: `request:fail ${timedOut ? 'timeout' : err.message}` }, false)
      })
    return {
      abort: () => controller.abort(),
      onHeadersReceived() {},
      offHeadersReceived() {},
      onChunkReceived() {},
      offChunkReceived() {}
    }
  }

  /** wx.uploadFile of a temporary file: a real multipart POST (the file under `name`, plus formData). */
  private upload(options: Dict, bytes: Uint8Array) {
    const sim = this
    const form = new FormData()
    for (const [k, v] of Object.entries((options.formData || {}) as Dict)) form.append(k, String(v))
    const fileName = String(options.filePath).split('/').pop() || 'file'
    form.append(String(options.name || 'file'), new Blob([Uint8Array.from(bytes)]), fileName)
    const header: Record<string, string> = {}
    for (const [k, v] of Object.entries((options.header || {}) as Dict))
      if (v !== undefined && v !== null && k.toLowerCase() !== 'content-type') header[k] = String(v)
    const url = String(options.url)
    const serverHttps = this.options.origin.replace(/^http:/, 'https:')
    const target = url.startsWith(`${serverHttps}/`) ? this.options.origin + url.slice(serverHttps.length) : url
    const started = Date.now()
    sim.pendingRequests++
    const done = (res: Dict, ok: boolean, status: number) => {
      sim.pendingRequests--
      sim.lastActivity = Date.now()
      sim.requests.push({ method: 'POST', url, body: '', status, ms: Date.now() - started, t: started })
      if (sim.closed) return
      sim.guard(`uploadFile ${url}`, () => {
        if (ok) options.success?.(res)
        else options.fail?.(res)
        options.complete?.(res)
      })
    }
    fetch(target, { method: 'POST', headers: header, body: form })
      .then(async (r) => done({ data: await r.text(), statusCode: r.status, errMsg: 'uploadFile:ok' }, true, r.status))
      .catch((err: Error) => done({ errMsg: `uploadFile:fail ${err.message}` }, false, 0))
  }

  private connectSocket(options: Dict) {
    const sim = this
    sim.record('connectSocket', options)
    const listeners: Record<'open' | 'message' | 'close' | 'error', AnyFn[]> = {
      open: [],
      message: [],
      close: [],
      error: []
    }
    const emit = (type: keyof typeof listeners, res: Dict) => {
      if (sim.closed) return
      for (const cb of listeners[type]) sim.guard(`socket ${type}`, () => cb(res))
    }
    const ws = new WebSocket(String(options.url), { headers: options.header })
    const entry: SimSocket = { url: String(options.url), ws, received: 0, sent: [], closed: false }
    sim.sockets.push(entry)
    ws.on('open', () => emit('open', { header: {}, profile: {} }))
    ws.on('message', (data) => {
      entry.received++
      emit('message', { data: (data as Buffer).toString() })
    })
    ws.on('error', (err) => emit('error', { errMsg: err.message }))
    ws.on('close', (code, reason) => {
      entry.closed = true
      emit('close', { code, reason: reason.toString() })
    })
    const task = {
      send(o: Dict) {
        if (ws.readyState !== WebSocket.OPEN) return sim.answer('sendSocketMessage', o, 'socket is not connected')
        entry.sent.push(String(o.data))
        ws.send(o.data)
        sim.answer('sendSocketMessage', o, {})
      },
      close(o: Dict = {}) {
        if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) {
          const code = Number(o.code) || 1000
          ws.close(code === 1000 || (code >= 3000 && code < 5000) ? code : 1000, o.reason)
        }
        sim.answer('closeSocket', o, {})
      },
      onOpen: (cb: AnyFn) => listeners.open.push(cb),
      onMessage: (cb: AnyFn) => listeners.message.push(cb),
      onClose: (cb: AnyFn) => listeners.close.push(cb),
      onError: (cb: AnyFn) => listeners.error.push(cb)
    }
    sim.answer('connectSocket', options, {})
    return task
  }

  // ------------------------------------------------------------------ waiting and errors

  guard<T>(where: string, fn: () => T): T | undefined {
    try {
      const r = fn()
      if (r && typeof (r as { then?: unknown }).then === 'function') {
        ;(r as unknown as Promise<unknown>).then(undefined, (error) => this.errors.push({ where, error }))
      }
      return r
    } catch (error) {
      this.errors.push({ where, error })
      return undefined
    }
  }

  /**
   * Waits until the condition holds (checked every 20 ms), or throws with what the page shows, after WAIT_MS (a live
   * room's chat history took over 10 s on a clean-clone CI run beside the other lanes).
   */
  async waitFor<T>(cond: () => T | undefined | null | false, what: string, timeout = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeout
    for (;;) {
      let v: T | undefined | null | false
      try {
        v = cond()
      } catch {
        v = undefined
      }
      if (v) return v
      if (Date.now() > deadline) {
        const shown = this.stack.length ? `${this.page.route}: ${this.page.text().slice(0, 1500)}` : 'no page'
        throw new Error(`timed out waiting for ${what}\n  page ${shown}\n  errors: ${this.errorText()}`)
      }
      await sleep(20)
    }
  }

  /** Waits for the page to show a text. */
  waitForText(text: string | RegExp, timeout?: number, page?: () => SimPage): Promise<true> {
    return this.waitFor<true>(
      () => {
        const t = (page ? page() : this.page).text()
        return typeof text === 'string' ? t.includes(text) : text.test(t)
      },
      `text ${text}`,
      timeout
    )
  }

  /** Waits until no request is in flight and nothing was rendered for `quiet` ms. */
  async settle(quiet = 150, timeout = 10000): Promise<void> {
    const deadline = Date.now() + timeout
    this.lastActivity = Date.now()
    for (;;) {
      await this.routed()
      const last = Math.max(
        this.lastActivity,
        this.setDataLog.length ? this.setDataLog[this.setDataLog.length - 1].t : 0
      )
      if (this.pendingRequests === 0 && Date.now() - last >= quiet) return
      if (Date.now() > deadline) return
      await sleep(25)
    }
  }

  /** Console errors and thrown errors, as text (empty when there are none). */
  errorText(): string {
    const thrown = this.errors.map(
      (e) =>
        `${e.where}: ${e.error instanceof Error || (e.error && typeof e.error === 'object' && 'stack' in e.error) ? (e.error as Error).stack : safeJson(e.error)}`
    )
    const logged = this.console.filter((c) => c.level === 'error').map((c) => `console.error: ${c.text}`)
    return [...thrown, ...logged].join('\n')
  }

  /** Closes every page, socket and timer; the context is dropped. */
  async close(): Promise<void> {
    for (const p of this.stack.slice().reverse()) {
      if (!p.unloaded) this.guard(`${p.route}.onUnload`, () => p.instance.onUnload?.call(p.instance))
      p.unloaded = true
    }
    this.closed = true
    for (const t of this.timers) clearTimeout(t)
    for (const t of this.intervals) clearInterval(t)
    this.timers.clear()
    this.intervals.clear()
    for (const s of this.sockets)
      if (s.ws.readyState === WebSocket.OPEN || s.ws.readyState === WebSocket.CONNECTING) s.ws.terminate()
    process.off('unhandledRejection', this.onRejection)
    await sleep(10)
  }

  /** The build's files, for reports. */
  relative(file: string): string {
    return relative(this.dist, file)
  }
}

// ------------------------------------------------------------------ helpers

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 0))
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}

function safeClone(v: Dict): Dict {
  const out: Dict = {}
  for (const [k, x] of Object.entries(v || {})) if (typeof x !== 'function') out[k] = x
  try {
    return JSON.parse(JSON.stringify(out))
  } catch {
    return out
  }
}

/** WeChat counts a Chinese character as 2 units in button texts (max 8, "4 Chinese characters"). */
function textUnits(s: string): number {
  let n = 0
  // eslint-disable-next-line no-control-regex -- one byte for every Latin-1 character, control characters included
  for (const ch of s) n += /[\u0000-\u00ff]/.test(ch) ? 1 : 2
  return n
}

function formEncode(data: Dict): string {
  return Object.entries(data)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))}`
    )
    .join('&')
}

/** setData's path syntax: `a.b[0].c`, and Taro's `root.cn.[0].v`. */
export function setPath(target: Dict, path: string, value: unknown): void {
  const tokens: (string | number)[] = []
  for (const m of path.matchAll(/\[(\d+)\]|[^.[\]]+/g)) tokens.push(m[1] !== undefined ? Number(m[1]) : m[0])
  let cur: Dict = target
  for (let i = 0; i < tokens.length - 1; i++) {
    const k = tokens[i]
    if (cur[k as string] === undefined || cur[k as string] === null || typeof cur[k as string] !== 'object')
      cur[k as string] = typeof tokens[i + 1] === 'number' ? [] : {}
    cur = cur[k as string]
  }
  cur[tokens[tokens.length - 1] as string] = value
}

/** The app's `Date` (run in its realm) `shift` ms from the real clock: `Date.now()` and `new Date()` alike. */
function shiftedClock(shift: number): string {
  return `(function (global, Real, shift) {
    function Shifted() {
      if (!new.target) return new Real(Real.now() + shift).toString()
      return arguments.length ? new (Function.prototype.bind.apply(Real, [null].concat([].slice.call(arguments))))() : new Real(Real.now() + shift)
    }
    Shifted.prototype = Real.prototype
    Shifted.now = function () { return Real.now() + shift }
    Shifted.parse = Real.parse
    Shifted.UTC = Real.UTC
    global.Date = Shifted
  })(this, Date, ${Number(shift)})`
}

/**
 * wx.createSelectorQuery's stand-in: each selected element answers the box `layout` gives its selector. An `exec` is
 * recorded as `SelectorQuery.exec` with its selectors once its callback has run, so a test can wait for a measure the
 * app made, and see what the app did with it.
 */
function selectorQuery(sim: WeappSim) {
  const { layout } = sim.options
  const results: unknown[] = []
  const selectors: string[] = []
  const q: Dict = {
    in: () => q,
    select: (selector: string) => {
      selectors.push(selector)
      return node(false, selector)
    },
    selectAll: () => node(true),
    selectViewport: () => node(false),
    exec: (cb?: AnyFn) => {
      const r = results.slice()
      setTimeout(() => {
        cb?.(r)
        sim.record('SelectorQuery.exec', { selectors })
      }, 0)
      return q
    }
  }
  function node(all: boolean, selector?: string) {
    const fields = (cb?: AnyFn) => {
      const v = all
        ? []
        : {
            width: 375,
            height: 0,
            top: 0,
            left: 0,
            right: 375,
            bottom: 0,
            scrollTop: 0,
            scrollLeft: 0,
            scrollHeight: 0,
            scrollWidth: 375,
            ...(selector === undefined ? undefined : layout?.(selector))
          }
      results.push(v)
      if (cb) setTimeout(() => cb(v), 0)
      return q
    }
    return {
      boundingClientRect: fields,
      scrollOffset: fields,
      fields: (_f: unknown, cb?: AnyFn) => fields(cb),
      node: fields,
      context: fields
    }
  }
  return q
}

function intersectionObserver() {
  const o: Dict = { relativeTo: () => o, relativeToViewport: () => o, observe: () => o, disconnect: () => o }
  return o
}

export function moduleDir(): string {
  return dirname(new URL(import.meta.url).pathname)
}
