import type { Api } from '../../api'
import type { AppContext } from '../../context'
import { CODE, biz } from '../../lib/util'
import { S } from '../../lib/validate'
import { demo } from '../activity'
import { postDanmaku } from '../../repositories/danmaku'
import { confirmOrder } from '../pay'
import { userById } from '../../repositories/users'
import type { UserRow } from '../../types'

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
 * Dev-only demo controls, enabled unless NODE_ENV=production (see server/README.md, `npm run demo`). Every one is
 * for this machine only (route config `access: 'loopback'`, checked on the matched route): they hand out SMS codes,
 * credit any order and rewrite content.
 */
export function registerDev(root: Api, ctx: AppContext): void {
  const api = root.withAccess('loopback')
  const R = '/dev/rooms/:id'
  const room = (call: { req: { params: unknown } }) => {
    const id = Number((call.req.params as { id: string }).id)
    if (!Number.isInteger(id) || id < 1) throw biz(CODE.BAD_PARAM, '参数错误：直播间ID必须是正整数')
    return id
  }
  const injections = new Map<number, NodeJS.Timeout>()

  api.get('/dev/sms-code', { schema: S.obj({ mobile: S.str('手机号', { minLength: 1 }) }, ['mobile']) }, (p) => {
    const row = ctx.store.db.prepare('SELECT code, expires_at FROM sms WHERE mobile = ?').get(p.mobile) as
      { code: string; expires_at: number } | undefined
    if (!row) throw biz(CODE.NOT_FOUND, '没有发给这个手机号的验证码')
    return { mobile: p.mobile, code: row.code, expires_at: row.expires_at }
  })
  api.any(`${R}/onair`, {}, (_p, c) => demo.onair(ctx, room(c), true))
  api.any(`${R}/offair`, {}, (_p, c) => demo.onair(ctx, room(c), false))
  api.any(`${R}/quiz`, {}, (_p, c) => demo.quiz(ctx, room(c)))
  api.any(`${R}/vote`, {}, (_p, c) => demo.vote(ctx, room(c)))
  api.any(`${R}/rain/start`, {}, (_p, c) => demo.rainStart(ctx, room(c)))
  api.any(`${R}/rain/stop`, {}, (_p, c) => demo.rainStop(ctx, room(c)))
  api.any(`${R}/lottery/start`, { schema: S.obj({ type: S.int('抽奖类型', { enum: [0, 1], default: 1 }) }) }, (p, c) =>
    demo.lotteryStart(ctx, room(c), p.type)
  )
  api.any(`${R}/lottery/result`, {}, (_p, c) => demo.lotteryResult(ctx, room(c)))
  api.any(
    `${R}/redpack`,
    {
      schema: S.obj({
        total: S.int('总慧币', { minimum: 2, maximum: 100000, default: 200 }),
        count: S.int('个数', { minimum: 1, maximum: 1000, default: 10 })
      })
    },
    (p, c) => {
      if (p.count > p.total) throw biz(CODE.BAD_PARAM, '红包个数不能大于总慧币')
      return demo.redpack(ctx, room(c), p.total, p.count)
    }
  )
  api.any(`${R}/goods/on`, { schema: S.obj({ goods_id: S.int('商品ID', { minimum: 1 }) }) }, (p, c) =>
    demo.goodsOn(ctx, room(c), p.goods_id)
  )
  api.any(`${R}/goods/off`, {}, (_p, c) => demo.goodsOff(ctx, room(c)))
  api.any(`${R}/chat/close`, {}, (_p, c) => demo.chat(ctx, room(c), true))
  api.any(`${R}/chat/open`, {}, (_p, c) => demo.chat(ctx, room(c), false))
  // the room's live stream fails for `seconds` seconds: every playlist, segment and part answers 503, or (`hang`) no
  // answer at all until the cut ends and then a dropped connection (a player's recovery is tested with it)
  api.post(
    `${R}/stream/cut`,
    {
      schema: S.obj({
        seconds: S.num('秒数', { minimum: 0.1, maximum: 600, default: 15 }),
        mode: S.str('方式', { enum: ['503', 'hang'], default: '503' })
      })
    },
    (p, c) => {
      const id = room(c)
      const until = Date.now() + p.seconds * 1000
      ctx.streams.cuts.set(String(id), { until, mode: p.mode as '503' | 'hang' })
      return { roomid: id, mode: p.mode, seconds: p.seconds, until }
    }
  )
  // inject `rate` danmaku per second for `seconds` seconds (benchmarks); ticks every 100 ms
  api.any(
    `${R}/inject`,
    {
      schema: S.obj({
        rate: S.num('每秒条数', { minimum: 0.1, maximum: 2000, default: 10 }),
        seconds: S.num('秒数', { minimum: 0.1, maximum: 3600, default: 10 })
      })
    },
    (p, c) => {
      const id = room(c)
      const viewers = Array.from({ length: 10 }, (_, i) => userById(ctx, 10003 + i)).filter((u): u is UserRow => !!u)
      if (!viewers.length) throw biz(CODE.FAIL, '没有可用的演示观众')
      const prev = injections.get(id)
      if (prev) {
        clearInterval(prev)
        ctx.timers.delete(prev)
      }
      const total = Math.round(p.rate * p.seconds)
      let sent = 0
      let n = 0
      const started = Date.now()
      const timer = setInterval(() => {
        const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * p.rate))
        while (sent < due) {
          const u = viewers[n % viewers.length]
          postDanmaku(ctx, id, u, `${LINES[n % LINES.length]} #${++n}`)
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
      return { roomid: id, rate: p.rate, seconds: p.seconds, total }
    }
  )
  api.any(`${R}/inject/stop`, {}, (_p, c) => {
    const id = room(c)
    const t = injections.get(id)
    if (t) {
      clearInterval(t)
      ctx.timers.delete(t)
      injections.delete(id)
    }
    return { roomid: id, stopped: t ? 1 : 0 }
  })
  // chaos tests: cut every socket of the room from the server side (clients reconnect and fill the gap)
  api.any(`${R}/sockets/drop`, {}, (_p, c) => {
    const id = room(c)
    return { roomid: id, dropped: ctx.hub.dropRoom(id) }
  })
  // forget all but the room's newest `keep` chat messages, as a history retention would; the gap fill of
  // a client that missed them then hears the oldest kept msg_id and shows a gap marker
  api.any(
    `${R}/chat/prune`,
    { schema: S.obj({ keep: S.int('保留条数', { minimum: 1, maximum: 100000, default: 100 }) }) },
    (p, c) => {
      const id = room(c)
      const db = ctx.store.db
      const max =
        (db.prepare('SELECT MAX(msg_id) AS m FROM danmaku WHERE room_id = ?').get(id) as { m: number | null }).m ?? 0
      const removed = db.prepare('DELETE FROM danmaku WHERE room_id = ? AND msg_id <= ?').run(id, max - p.keep).changes
      const oldest =
        (db.prepare('SELECT MIN(msg_id) AS m FROM danmaku WHERE room_id = ?').get(id) as { m: number | null }).m ?? 0
      return { roomid: id, removed, oldest_msg_id: oldest, last_msg_id: max }
    }
  )
  // bulk content for benchmarks: `count` more playbacks (copies of the seeded ones), so lists can grow past 10,000
  api.any(
    '/dev/bulk/playbacks',
    { schema: S.obj({ count: S.int('条数', { minimum: 1, maximum: 50000, default: 10000 }) }) },
    (p) => {
      const seeded = ctx.store.docs<Record<string, unknown> & { id: number }>('playback').filter((x) => x.id < 100000)
      if (!seeded.length) throw biz(CODE.FAIL, '没有可复制的回看')
      const add = ctx.store.db.transaction(() => {
        for (let i = 0; i < p.count; i++) {
          const base = seeded[i % seeded.length]
          const id = 100000 + i
          ctx.store.putDoc('playback', id, {
            ...base,
            id,
            title: `${String(base.title)} #${i + 1}`,
            time: Number(base.time) - i - 1,
            recommend: 0
          })
        }
      })
      add()
      return { added: p.count, total: ctx.store.docs('playback').length }
    }
  )
  // XSS suite: set one text field of seeded content (the server has no write route for it) so browser tests
  // can render hostile text where viewers see it; only the listed kinds and text fields, an existing document, ≤ 2000 chars
  const TEXT_FIELDS: Record<string, string[]> = {
    post: ['content', 'host_name'],
    album: ['title', 'description'],
    photo: ['description'],
    goods: ['title', 'url'],
    topic: ['title', 'description'],
    room: ['title', 'topic'],
    playback: ['title', 'description']
  }
  api.any(
    '/dev/text',
    {
      schema: S.obj(
        {
          kind: S.str('类型', { enum: Object.keys(TEXT_FIELDS) }),
          id: S.int('ID', { minimum: 1 }),
          field: S.str('字段', { minLength: 1, maxLength: 40 }),
          value: S.str('内容', { maxLength: 2000 }),
          tab: S.int('标签序号', { minimum: 0, maximum: 20 }),
          tab_url: S.str('标签链接', { maxLength: 2000 })
        },
        ['kind', 'id', 'field', 'value']
      )
    },
    (p) => {
      const cur = ctx.store.doc<Record<string, unknown>>(p.kind, p.id)
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
        return ctx.store.patchDoc(p.kind, p.id, { external: { ...ext, tabs } })
      }
      if (!TEXT_FIELDS[p.kind].includes(p.field))
        throw biz(CODE.BAD_PARAM, `参数错误：字段(field)取值无效，可选：${TEXT_FIELDS[p.kind].join('、')}`)
      return ctx.store.patchDoc(p.kind, p.id, { [p.field]: p.value })
    }
  )
  api.any('/dev/orders/:id/confirm', {}, (_p, c) => {
    const r = confirmOrder(ctx, (c.req.params as { id: string }).id)
    return { order_id: r.order.id, status: r.order.status, credited: r.credited ? 1 : 0, balance: r.gold }
  })
  api.any(
    '/dev/config',
    {
      schema: S.obj({
        iOSDisabled: S.int('iOS 限制', { enum: [0, 1] }),
        highFlowMode: S.int('高流量模式', { enum: [0, 1] })
      })
    },
    (p) => {
      if (p.iOSDisabled !== undefined) ctx.store.kvSet('iOSDisabled', String(p.iOSDisabled))
      if (p.highFlowMode !== undefined) ctx.store.kvSet('highFlowMode', String(p.highFlowMode))
      return {
        iOSDisabled: Number(ctx.store.kvGet('iOSDisabled') ?? 0),
        highFlowMode: Number(ctx.store.kvGet('highFlowMode') ?? 0)
      }
    }
  )
}
