import type { FastifyPluginAsync } from 'fastify'
import { CODE, biz, nowSec } from '../../lib/util'
import { demo } from '../activity'
import { postDanmaku } from '../../repositories/danmaku'
import { copyPlaybacks, liveSmsCodes, pruneChat, smsCodeOf } from '../../repositories/demo'
import { confirmOrder } from '../pay'
import { userById } from '../../repositories/users'
import type { UserRow } from '../../types'
import type { CallDef, DataOf, PayloadOf } from '../../../contract/call'
import * as dev from '../../../contract/dev'

const LINES = [
  '太美了',
  '主播好',
  '打卡',
  '666',
  '来了来了',
  '画面好清晰',
  '想去现场',
  '湖风好舒服',
  '今天人真多',
  '前排',
  '好看',
  '支持'
]

/**
 * Dev-only demo controls, enabled unless NODE_ENV=production (see server/README.md, `npm run demo`): the calls of
 * contract/dev.ts. Every one is for this machine only (`access: 'loopback'`, checked on the matched route): they hand
 * out SMS codes, credit any order and rewrite content.
 */
const devRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  const room = (call: { req: { params: unknown } }) => {
    const id = Number((call.req.params as { id: string }).id)
    if (!Number.isInteger(id) || id < 1) throw biz(CODE.BAD_PARAM, '参数错误：直播间ID必须是正整数')
    return id
  }
  /**
   * A demo control of a room that answers the view activity.ts pushed: those views are built from untyped Activity
   * documents, so their type is the contract's on trust here (strict mode checks every answer against it) until they
   * take it from contract/push.ts.
   */
  const pushed = <C extends CallDef>(def: C, run: (roomId: number, p: PayloadOf<C>) => unknown) =>
    api.call(def, (p, c) => run(room(c), p) as DataOf<C>)
  const injections = new Map<number, NodeJS.Timeout>()

  api.call(dev.smsCode, (p) => {
    const row = smsCodeOf(ctx, p.mobile)
    if (!row) throw biz(CODE.NOT_FOUND, '没有发给这个手机号的验证码')
    return { mobile: p.mobile, code: row.code, expires_at: row.expires_at }
  })
  api.call(dev.smsCodes, () => liveSmsCodes(ctx, nowSec()))
  pushed(dev.roomOnair, (id) => demo.onair(ctx, id, true))
  pushed(dev.roomOffair, (id) => demo.onair(ctx, id, false))
  api.call(dev.quizStart, (_p, c) => demo.quiz(ctx, room(c)))
  pushed(dev.voteStart, (id) => demo.vote(ctx, id))
  pushed(dev.rainStart, (id) => demo.rainStart(ctx, id))
  pushed(dev.rainStop, (id) => demo.rainStop(ctx, id))
  // the defaults of the payload's fields are filled by its validation
  pushed(dev.lotteryStart, (id, p) => demo.lotteryStart(ctx, id, p.type as 0 | 1, p.seconds))
  pushed(dev.lotteryResult, (id) => demo.lotteryResult(ctx, id))
  api.call(dev.redpackSend, (p, c) => {
    if (p.count > p.total) throw biz(CODE.BAD_PARAM, '红包个数不能大于总慧币')
    return demo.redpack(ctx, room(c), p.total, p.count)
  })
  pushed(dev.goodsOn, (id, p) => demo.goodsOn(ctx, id, p.goods_id))
  api.call(dev.goodsOff, (_p, c) => demo.goodsOff(ctx, room(c)))
  pushed(dev.chatClose, (id) => demo.chat(ctx, id, true))
  pushed(dev.chatOpen, (id) => demo.chat(ctx, id, false))
  // the room's live stream fails for `seconds` seconds: every playlist, segment and part answers 503, or (`hang`) no
  // answer at all until the cut ends and then a dropped connection (a player's recovery is tested with it)
  api.call(dev.streamCut, (p, c) => {
    const id = room(c)
    const mode = p.mode as '503' | 'hang'
    const until = Date.now() + p.seconds * 1000
    ctx.streams.cuts.set(String(id), { until, mode })
    return { roomid: id, mode, seconds: p.seconds, until }
  })
  // inject `rate` danmaku per second for `seconds` seconds (benchmarks); ticks every 100 ms
  api.call(dev.danmakuInject, (p, c) => {
    const id = room(c)
    const rate = p.rate
    const seconds = p.seconds
    const viewers = Array.from({ length: 10 }, (_, i) => userById(ctx, 10003 + i)).filter((u): u is UserRow => !!u)
    if (!viewers.length) throw biz(CODE.FAIL, '没有可用的演示观众')
    const prev = injections.get(id)
    if (prev) {
      clearInterval(prev)
      ctx.timers.delete(prev)
    }
    const total = Math.round(rate * seconds)
    let sent = 0
    let n = 0
    const started = Date.now()
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate))
      while (sent < due) {
        const u = viewers[n % viewers.length]
        postDanmaku(ctx, id, u, `${LINES[n % LINES.length]} #${++n}`, false)
        sent++
      }
      if (sent >= total) {
        clearInterval(timer)
        ctx.timers.delete(timer)
        injections.delete(id)
      }
    }, 100)
    ctx.timers.add(timer)
    injections.set(id, timer)
    return { roomid: id, rate, seconds, total }
  })
  api.call(dev.danmakuInjectStop, (_p, c) => {
    const id = room(c)
    const t = injections.get(id)
    if (t) {
      clearInterval(t)
      ctx.timers.delete(t)
      injections.delete(id)
    }
    return { roomid: id, stopped: t ? (1 as const) : (0 as const) }
  })
  // chaos tests: cut every socket of the room from the server side (clients reconnect and fill the gap)
  api.call(dev.socketsDrop, (_p, c) => {
    const id = room(c)
    return { roomid: id, dropped: ctx.hub.dropRoom(id) }
  })
  // forget all but the room's newest `keep` chat messages, as a history retention would; the gap fill of
  // a client that missed them then hears the oldest kept msg_id and shows a gap marker
  api.call(dev.chatPrune, (p, c) => {
    const id = room(c)
    const { removed, oldest, last } = pruneChat(ctx, id, p.keep)
    return { roomid: id, removed, oldest_msg_id: oldest, last_msg_id: last }
  })
  // bulk content for benchmarks: `count` more playbacks (copies of the seeded ones), so lists can grow past 10,000
  api.call(dev.bulkPlaybacks, (p) => {
    const total = copyPlaybacks(ctx, p.count)
    if (total === null) throw biz(CODE.FAIL, '没有可复制的回看')
    return { added: p.count, total }
  })
  // XSS suite: set one text field of seeded content (the server has no write route for it) so browser tests
  // can render hostile text where viewers see it; only the listed kinds and text fields, an existing document, ≤ 2000 chars
  api.call(dev.contentText, (p) => {
    type Doc = { id: number } & Record<string, unknown>
    const cur = ctx.store.doc<Doc>(p.kind, p.id)
    if (!cur) throw biz(CODE.NOT_FOUND, '内容不存在')
    if (p.kind === 'room' && p.field === 'tab') {
      // an external tab of the room: its title and content (an intro text), optionally a link
      const ext = (cur.external ?? { tabs: [] }) as { tabs: Record<string, unknown>[] }
      const tabs = [...ext.tabs]
      const i = p.tab ?? tabs.length
      tabs[i] = {
        ...(tabs[i] ?? { type: 'intro' }),
        title: p.value,
        content: p.value,
        ...(p.tab_url !== undefined ? { url: p.tab_url } : {})
      }
      return ctx.store.patchDoc<Doc>(p.kind, p.id, { external: { ...ext, tabs } })
    }
    if (!dev.TEXT_FIELDS[p.kind].includes(p.field))
      throw biz(CODE.BAD_PARAM, `参数错误：字段(field)取值无效，可选：${dev.TEXT_FIELDS[p.kind].join('、')}`)
    return ctx.store.patchDoc<Doc>(p.kind, p.id, { [p.field]: p.value })
  })
  api.call(dev.orderConfirm, (_p, c) => {
    const r = confirmOrder(ctx, (c.req.params as { id: string }).id)
    return {
      order_id: r.order.id,
      status: r.order.status,
      credited: r.credited ? (1 as const) : (0 as const),
      balance: r.gold
    }
  })
  api.call(dev.serviceConfig, (p) => {
    if (p.iOSDisabled !== undefined) ctx.store.kvSet('iOSDisabled', String(p.iOSDisabled))
    if (p.highFlowMode !== undefined) ctx.store.kvSet('highFlowMode', String(p.highFlowMode))
    return {
      iOSDisabled: Number(ctx.store.kvGet('iOSDisabled') ?? 0),
      highFlowMode: Number(ctx.store.kvGet('highFlowMode') ?? 0)
    }
  })
}

export default devRoutes
