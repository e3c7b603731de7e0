/**
 * `npm run demo -- <action> [args]`: calls the dev endpoints of a running server (localhost:$PORT).
 * Run without arguments for the list of actions.
 */
const port = Number(process.env.PORT ?? 8080)
const base = process.env.DEMO_BASE ?? `http://localhost:${port}`

interface Action {
  usage: string
  help: string
  path: (a: string[]) => string
  /** the control's method (contract/dev.ts); POST unless it only reads */
  method?: 'GET' | 'POST'
  /** it runs without an argument too */
  optional?: boolean
}

const ACTIONS: Record<string, Action> = {
  onair: { usage: 'onair <roomid>', help: '开播（推送 live_status）', path: ([r]) => `/dev/rooms/${r}/onair` },
  offair: { usage: 'offair <roomid>', help: '下播', path: ([r]) => `/dev/rooms/${r}/offair` },
  quiz: { usage: 'quiz <roomid>', help: '推送一道答题（quiz）', path: ([r]) => `/dev/rooms/${r}/quiz` },
  vote: { usage: 'vote <roomid>', help: '发起投票（vote）', path: ([r]) => `/dev/rooms/${r}/vote` },
  'rain-start': {
    usage: 'rain-start <roomid>',
    help: '开始红包雨（rain_start，窗口一小时）',
    path: ([r]) => `/dev/rooms/${r}/rain/start`
  },
  'rain-stop': {
    usage: 'rain-stop <roomid>',
    help: '结束红包雨（rain_stop）',
    path: ([r]) => `/dev/rooms/${r}/rain/stop`
  },
  lottery: {
    usage: 'lottery <roomid> [text|grab]',
    help: '开始抽奖（lottery_start；text=口令抽奖，发送标题即参与）',
    path: ([r, t]) => `/dev/rooms/${r}/lottery/start?type=${t === 'text' ? 0 : 1}`
  },
  'lottery-result': {
    usage: 'lottery-result <roomid>',
    help: '开奖（lottery_result）',
    path: ([r]) => `/dev/rooms/${r}/lottery/result`
  },
  redpack: {
    usage: 'redpack <roomid> [total] [count]',
    help: '发红包（redpack）',
    path: ([r, t, c]) => `/dev/rooms/${r}/redpack?total=${t ?? 200}&count=${c ?? 10}`
  },
  'goods-on': {
    usage: 'goods-on <roomid> [goodsId]',
    help: '商品上屏（goods_on）',
    path: ([r, g]) => `/dev/rooms/${r}/goods/on${g ? `?goods_id=${g}` : ''}`
  },
  'goods-off': {
    usage: 'goods-off <roomid>',
    help: '商品下屏（goods_off）',
    path: ([r]) => `/dev/rooms/${r}/goods/off`
  },
  'chat-close': { usage: 'chat-close <roomid>', help: '关闭聊天', path: ([r]) => `/dev/rooms/${r}/chat/close` },
  'chat-open': { usage: 'chat-open <roomid>', help: '打开聊天', path: ([r]) => `/dev/rooms/${r}/chat/open` },
  inject: {
    usage: 'inject <roomid> <perSecond> <seconds>',
    help: '注入弹幕（压测用）',
    path: ([r, n, s]) => `/dev/rooms/${r}/inject?rate=${n ?? 10}&seconds=${s ?? 10}`
  },
  'inject-stop': { usage: 'inject-stop <roomid>', help: '停止注入', path: ([r]) => `/dev/rooms/${r}/inject/stop` },
  cut: {
    usage: 'cut <roomid> [seconds] [503|hang]',
    help: '直播流中断 N 秒（503 或不应答），看播放器自动重连',
    path: ([r, n, m]) => `/dev/rooms/${r}/stream/cut?seconds=${n ?? 15}&mode=${m === 'hang' ? 'hang' : '503'}`
  },
  'drop-sockets': {
    usage: 'drop-sockets <roomid>',
    help: '从服务端断开直播间的全部连接（故障演练：客户端重连并补齐消息）',
    path: ([r]) => `/dev/rooms/${r}/sockets/drop`
  },
  'chat-prune': {
    usage: 'chat-prune <roomid> [keep]',
    help: '只保留最近 keep 条弹幕（模拟历史过期，补齐时显示缺口提示）',
    path: ([r, k]) => `/dev/rooms/${r}/chat/prune?keep=${k ?? 100}`
  },
  pay: { usage: 'pay <order_id>', help: '确认一笔沙箱订单（到账一次）', path: ([o]) => `/dev/orders/${o}/confirm` },
  sms: {
    usage: 'sms [mobile]',
    help: '查看沙箱里的短信验证码（不带手机号：全部未过期的）',
    path: ([m]) => (m ? `/dev/sms-code?mobile=${encodeURIComponent(m)}` : '/dev/sms-codes'),
    method: 'GET',
    optional: true
  },
  ios: {
    usage: 'ios <0|1>',
    help: '切换 iOS 功能限制（config.iOSDisabled）',
    path: ([v]) => `/dev/config?iOSDisabled=${v ?? 1}`,
    optional: true
  }
}

async function main(): Promise<void> {
  const [action, ...args] = process.argv.slice(2)
  const spec = action ? ACTIONS[action] : undefined
  if (!spec) {
    console.log(`用法：npm run demo -- <action> [args]   （服务地址 ${base}）\n`)
    for (const a of Object.values(ACTIONS)) console.log(`  ${a.usage.padEnd(40)} ${a.help}`)
    process.exit(action ? 1 : 0)
  }
  if (!args[0] && !spec.optional) {
    console.error(`缺少参数：${spec.usage}`)
    process.exit(1)
  }
  const url = base + spec.path(args)
  const res = await fetch(url, { method: spec.method ?? 'POST' }).catch((e: Error) => {
    console.error(`无法连接 ${base}：${e.message}（先运行 npm start）`)
    process.exit(1)
  })
  const body = (await res.json()) as { code: number; msg: string; data: unknown }
  console.log(JSON.stringify(body, null, 2))
  process.exit(body.code === 1 ? 0 : 1)
}

void main()
