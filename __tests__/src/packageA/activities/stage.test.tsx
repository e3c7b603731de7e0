/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * In-room activities through the stage host a viewer reaches in the live room, its stores and views,
 * the request core and the room socket, against the reference server driven by its demo controls.
 */
import TestUtils from '@tarojs/test-utils-react'
import { reaction } from 'mobx'
import Taro from '@tarojs/taro'
import { ActivityStage, GoodsTab } from '@/packageA/components/activities'
import { StageStore, stageFor } from '@/packageA/components/activities/stage'
import { CHUNK_RETRY_MS } from '@/utils/chunk'
import { loaders } from '@/packageA/components/activities/modules'
import type { VoteStore } from '@/packageA/components/activities/vote/store'
import type { QuizStore } from '@/packageA/components/activities/quiz/store'
import type { GoodsStore } from '@/packageA/components/activities/goods/store'
import type { RedpackStore } from '@/packageA/components/activities/redpack/store'
import type { RainStore } from '@/packageA/components/activities/rain/store'
import type { LotteryStore } from '@/packageA/components/activities/lottery/store'
import { latencyDelayMs, setStreamLatency } from '@/packageA/components/player/latency'
import { roomSocket } from '@/core/socket'
import { setItem } from '@/platform/storage'
import { clearCookies } from '@/core/cookies'
import { clearToken } from '@/core/token'
import { chatStore } from '@/packageA/components/danmaku/chat-store'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, demoLogin, holdAnswers, useReferenceServer } from '../../support/reference-server'
import { waitFor, $, $$ } from '../../support/dom'
import { ManualClock } from '../../support/manual-clock'
import { SEED_IDS } from '../../../../server/db/seed-ids'

const server = useReferenceServer()
const ROOM = 496

beforeAll(async () => {
  setItem('fingerprint', 'fp-activity-tests')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => `/packageA/pages/live/live?roomid=${ROOM}`,
    platform: () => 'WEB',
    isIOS: () => false
  })
  loginStore.register()
})

let t: TestUtils
let modal: jest.SpyInstance
beforeEach(() => {
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  t = new TestUtils()
})
/** A test of the stage host alone, which mounts no view. */
let hostOnly = false
afterEach(() => {
  if (!hostOnly) t.unmout()
  hostOnly = false
  jest.restoreAllMocks()
})

const demo = (path: string) =>
  fetch(`${server.origin}/dev/rooms/${ROOM}${path}`, { method: 'POST' }).then(
    (r) => r.json() as Promise<{ code: number; data: any }>
  )
const stage = () => stageFor(ROOM)
const store = <S,>(kind: 'vote' | 'quiz' | 'goods' | 'redpack' | 'rain' | 'lottery') =>
  stage().stores[kind] as unknown as S

function tap(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}

async function mountStage() {
  await t.mount(ActivityStage, { props: { roomId: ROOM } })
  await waitFor(() => roomSocket(ROOM)?.isOpen)
}

function logout() {
  clearToken()
  clearCookies() // as the app's logout: no id/sign cookies left to replay either (R4.10)
}

async function login() {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
}

test('R4.38 R7.95 R7.96 R3.39 R6.2 a pushed vote shows; a visitor’s vote opens the login prompt and is cast after login; the count becomes the returned number', async () => {
  logout() // a visitor, whichever test ran before
  await mountStage()
  const started = await demo('/vote')
  // (an earlier test's vote, running as the stage entered, may be on the card until this one's push: wait for this one)
  const card = await waitFor(() => store<VoteStore>('vote')?.vote?.id === started.data.id && $('.act-card--vote'))
  expect(card.getAttribute('role')).toBe('dialog')
  expect(card.getAttribute('aria-label')).toBe('投票')
  expect($$('.act-vote__option')).toHaveLength(started.data.options.length)
  // a visitor: 401 → the login prompt (R6.2, R8.4), the vote waits
  tap($('[data-option="2"]'))
  await waitFor(() => modal.mock.calls.length > 0)
  expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '去登录' }))
  expect(store<VoteStore>('vote').mine).toBe(0)
  await login() // the kept vote goes out once logged in
  await waitFor(() => store<VoteStore>('vote').mine === 2)
  await waitFor(() => $('.act-vote__option--mine .act-vote__count')?.textContent === '1')
  // R4.38 with a returned number: the count is that number, not one more than what the card held
  const other = await fetch(`${server.origin}/api/v1/userapp/living/activity/vote/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ act_id: started.data.id })
  }).then((r) => r.json())
  expect(other.data.options[1].vote).toBe(1)
  // one vote per viewer: another tap sends nothing
  const calls = countRequests(/vote\/post/)
  tap($('[data-option="3"]'))
  await new Promise((r) => setTimeout(r, 200))
  expect(calls.count).toBe(0)
  calls.restore()
  logout()
})

test('R6.2 R4.6 a visitor’s vote and quiz answer kept for the login go out once each when the login brings the viewer back to the room', async () => {
  logout()
  await mountStage()
  const voting = await demo('/vote')
  const asking = await demo('/quiz')
  await waitFor(
    () => store<VoteStore>('vote')?.vote?.id === voting.data.id && store<QuizStore>('quiz')?.quiz?.id === asking.data.id
  )
  const votes = countRequests(/vote\/post$/)
  const answers = countRequests(/puzzle\/post$/)
  try {
    expect(await store<VoteStore>('vote').cast(2)).toBe(false) // 401: the login prompt
    expect(await store<QuizStore>('quiz').answer(1)).toBe(false)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '去登录' }))
    // 去登录 opens 我的, a tab, which closes the room; the login there opens the room again
    t.unmout()
    t = new TestUtils()
    await login()
    await mountStage()
    await waitFor(() => store<VoteStore>('vote').mine === 2 && store<QuizStore>('quiz').myAnswer === 1)
    await waitFor(() => $('.act-vote__option--mine') || $('.act-quiz__result'))
    expect([votes.count, answers.count]).toEqual([2, 2])
    // nothing is kept for a later visit
    t.unmout()
    t = new TestUtils()
    await mountStage()
    await new Promise((r) => setTimeout(r, 200))
    expect([votes.count, answers.count]).toEqual([2, 2])
  } finally {
    votes.restore()
    answers.restore()
    logout()
  }
})

test('R6.2 a visitor who leaves the room after the login prompt and comes back still a visitor has nothing sent at a later login', async () => {
  logout()
  await mountStage()
  const voting = await demo('/vote')
  const vote = await waitFor(() => store<VoteStore>('vote')?.vote?.id === voting.data.id && store<VoteStore>('vote'))
  const votes = countRequests(/vote\/post$/)
  try {
    expect(await vote.cast(3)).toBe(false) // 401: the login prompt, cancelled
    t.unmout() // the visitor leaves…
    t = new TestUtils()
    await mountStage() // …and comes back, not logged in
    await login() // a login later, in the room, is not for that tap
    await waitFor(() => vote.vote?.id === voting.data.id && roomSocket(ROOM)?.isOpen)
    await new Promise((r) => setTimeout(r, 200))
    expect(votes.count).toBe(1)
    expect(vote.mine).toBe(0)
  } finally {
    votes.restore()
    logout()
  }
})

test('R4.39 R7.97 R7.98 R7.99 a quiz push without an id keeps the current quiz; answering shows right/wrong and only then the right answer', async () => {
  await login()
  await mountStage()
  const pushed = await demo('/quiz')
  // (a quiz an earlier test pushed may still be on the card: wait for this one)
  await waitFor(() => $('.act-card--quiz') && store<QuizStore>('quiz')?.quiz?.id === pushed.data.id)
  const quiz = store<QuizStore>('quiz')
  expect($('.act-quiz__option--right')).toBeNull() // no answer before answering
  quiz.applyPush('quiz', { title: '无编号', options: [] })
  expect(quiz.quiz?.id).toBe(pushed.data.id)
  tap($('[data-option="3"]'))
  const result = await waitFor(() => $('.act-quiz__result'))
  const right = Number(quiz.result?.answer)
  expect(right).toBeGreaterThan(0)
  expect(result.textContent).toBe(
    right === 3 ? '回答正确！' : `回答错误，正确答案：${pushed.data.options[right - 1].title}`
  )
  expect($(`.act-quiz__option--right[data-option="${right}"]`)).not.toBeNull()
  logout()
})

test('R4.40 R4.41 R4.42 R7.100 R7.101 goods: the 商品 tab lists the room’s goods from 1; goods on screen shows one card, take-down clears it; buy tracks goods/view and opens the goods page', async () => {
  const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  const tab = new TestUtils()
  await tab.mount(GoodsTab, { props: { roomId: ROOM } })
  await waitFor(() => $$('.act-goods__list .act-goods__item').length >= 2)
  expect($$('.act-goods__list .act-goods__index').map((e) => e.textContent)).toEqual(
    $$('.act-goods__list .act-goods__item').map((_, i) => String(i + 1))
  )
  tab.unmout()
  await mountStage()
  const goods = store<GoodsStore>('goods')
  const second = goods.list[1]
  const views = countRequests(/living\/goods\/view/)
  await demo(`/goods/on?goods_id=${second.id}`)
  await waitFor(() => $(`.act-card--goods [data-goods="${second.id}"]`))
  expect(goods.list.filter((g) => g.on_screen === 1).map((g) => g.id)).toEqual([second.id])
  await waitFor(() => views.count === 1) // the card on screen counts a view
  tap($('.act-card--goods .act-goods__buy'))
  await waitFor(() => nav.mock.calls.length > 0)
  expect(String((nav.mock.calls[0][0] as { url: string }).url)).toContain(`goods_id=${second.id}`)
  expect(views.count).toBe(1) // once per item and visit
  expect(JSON.parse(views.bodies[0])).toMatchObject({ id: second.id, roomid: ROOM })
  views.restore()
  await demo('/goods/off')
  await waitFor(() => !$('.act-card--goods'))
  expect(goods.list.some((g) => g.on_screen)).toBe(false)
})

test('a red packet drawn with a double tap draws once; the amount and the takers show', async () => {
  await login()
  await mountStage()
  const packet = await demo('/redpack?total=60&count=3')
  // this packet's 抢 (an earlier test's packet, which this account may have drawn, can be on the card before it)
  await waitFor(
    () => store<RedpackStore>('redpack')?.redpack?.id === packet.data.id && $('.act-card--redpack .act-redpack__draw')
  )
  // how long what is left stays open (a viewer behind the live edge sees the push late)
  expect($('.act-redpack__left')?.textContent).toMatch(/^还剩 2[34] 小时( \d+ 分钟)? 失效$/)
  const draws = countRequests(/redpack\/draw/)
  const rp = store<RedpackStore>('redpack')
  await Promise.all([rp.draw(), rp.draw()])
  expect(draws.count).toBe(1)
  draws.restore()
  const outcome = await waitFor(() => $('.act-redpack__outcome--win'))
  expect(outcome.textContent).toBe(`抢到 ${rp.outcome?.amount} 慧币`)
  await waitFor(() => $$('.act-redpack__row').length === 1)
  logout()
})

test('a viewer who logs in outside the room finds, back in it, the red packet their account drew: its amount, not 抢, not even while it is asked', async () => {
  logout()
  await mountStage()
  const packet = await demo('/redpack?total=60&count=3')
  await waitFor(() => store<RedpackStore>('redpack')?.redpack?.id === packet.data.id && $('.act-redpack__draw'))
  t.unmout() // the visitor leaves the room…
  t = new TestUtils()
  const { access_token } = await demoLogin(server.origin) // …the account draws on another device…
  const drawn = await fetch(`${server.origin}/api/v1/userapp/living/activity/redpack/draw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ act_id: packet.data.id })
  }).then((r) => r.json() as Promise<{ code: number; data: { amount: number } }>)
  expect(drawn.code).toBe(1)
  await login() // …the viewer logs in (on 我的) and comes back to the room
  const draws = countRequests(/redpack\/draw/)
  const results = holdAnswers(/redpack\/result/)
  try {
    await mountStage()
    // while the server is asked whether this account took it, the card offers no 抢 (and shows no amount yet)
    await waitFor(() => results.answered() >= 1)
    await waitFor(() => $('.act-redpack__outcome--asking'))
    expect($('.act-redpack__outcome--asking')?.textContent).toBe('查询中…')
    expect($('.act-redpack__draw')).toBeNull()
    results.release()
    await waitFor(() => $('.act-redpack__outcome--win')?.textContent === `抢到 ${drawn.data.amount} 慧币`)
    expect($('.act-redpack__draw')).toBeNull()
    expect($('.act-redpack__outcome--asking')).toBeNull()
    expect(draws.count).toBe(0)
  } finally {
    results.release()
    results.restore()
    draws.restore()
    logout()
  }
})

test('a red packet another viewer took the last of shows 红包已抢完 on every card, without a tap; a viewer who closed it is not shown it again', async () => {
  logout()
  await mountStage()
  const packet = await demo('/redpack?total=10&count=1')
  await waitFor(() => store<RedpackStore>('redpack')?.redpack?.id === packet.data.id && $('.act-redpack__draw'))
  const { access_token } = await demoLogin(server.origin) // another device takes the only one
  const take = () =>
    fetch(`${server.origin}/api/v1/userapp/living/activity/redpack/draw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ act_id: packet.data.id })
    }).then((r) => r.json() as Promise<{ code: number }>)
  expect((await take()).code).toBe(1)
  const over = await waitFor(() => $('.act-redpack__outcome--over'))
  expect(over.textContent).toBe('红包已抢完')
  expect($('.act-redpack__draw')).toBeNull()
  expect($('.act-redpack__info')?.textContent).toContain('剩 0 个')
  expect($('.act-redpack__left')).toBeNull()
  // a viewer who came after a packet started (no push of it reached them) and closed it: its end does not open it again
  t.unmout()
  t = new TestUtils()
  const second = await demo('/redpack?total=10&count=1')
  await mountStage()
  await waitFor(() => store<RedpackStore>('redpack')?.redpack?.id === second.data.id && $('.act-redpack__draw'))
  stage().close('redpack')
  await waitFor(() => !$('.act-card--redpack'))
  const again = await fetch(`${server.origin}/api/v1/userapp/living/activity/redpack/draw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ act_id: second.data.id })
  }).then((r) => r.json() as Promise<{ code: number }>)
  expect(again.code).toBe(1)
  // the push of its end reached the store (nothing else tells a closed card)…
  await waitFor(() => store<RedpackStore>('redpack')?.redpack?.remain === 0)
  // …and left the card closed
  expect(stage().closed).toContain('redpack')
  expect($('.act-card--redpack')).toBeNull()
})

test('a draw whose answer comes after a new red packet replaced the drawn one leaves the new packet’s 抢 on the card', async () => {
  await login()
  await mountStage()
  const first = await demo('/redpack?total=60&count=3')
  const rp = await waitFor(
    () => store<RedpackStore>('redpack')?.redpack?.id === first.data.id && store<RedpackStore>('redpack')
  )
  await waitFor(() => !rp.outcome && $('.act-redpack__draw'))
  const held = holdAnswers(/redpack\/draw$/, 1)
  try {
    const drawing = rp.draw()
    await waitFor(() => held.answered() === 1)
    const second = await demo('/redpack?total=60&count=3')
    await waitFor(() => rp.redpack?.id === second.data.id)
    held.release()
    expect(await drawing).toBe(true) // the first packet was drawn…
    expect(rp.outcome).toBeNull() // …but the card is the second's, not drawn yet
    expect($('.act-redpack__draw')).not.toBeNull()
    expect(await rp.draw()).toBe(true)
    await waitFor(() => $('.act-redpack__outcome--win')?.textContent === `抢到 ${rp.outcome?.amount} 慧币`)
    await waitFor(() => $$('.act-redpack__row').length === 1)
  } finally {
    held.release()
    held.restore()
    logout()
  }
})

test('R4.31 R4.32 R4.33 R9.24 rain: start sets now..now+1 h with istop 1, a stop for another id changes nothing, the stop ends it now with istop 0', async () => {
  await login()
  await mountStage()
  // now is the client's clock as the push applies: between the seconds before the start and after it shows (a busy
  // machine may take more than a second in between)
  const seconds = () => Math.floor(Date.now() / 1000)
  const beforeStart = seconds()
  const started = await demo('/rain/start')
  await waitFor(() => $('.act-card--rain'))
  const rain = store<RainStore>('rain')
  expect(rain.rain?.actId).toBe(started.data.actId)
  expect(rain.rain!.he_time - rain.rain!.hs_time).toBe(3600)
  expect(rain.rain!.hs_time).toBeGreaterThanOrEqual(beforeStart)
  expect(rain.rain!.hs_time).toBeLessThanOrEqual(seconds())
  expect(rain.rain?.istop).toBe(1)
  rain.applyPush('rain_stop', { actId: started.data.actId + 1000 })
  expect(rain.rain?.istop).toBe(1)
  // the game: a tap on a falling packet draws; the prize or the miss shows
  tap($('.act-rain__play'))
  const packet = await waitFor(() => $('.act-rain__packet'))
  const draws = countRequests(/rain\/draw/)
  tap(packet)
  await waitFor(() => $('.act-rain__outcome'))
  expect(draws.count).toBe(1)
  expect($('.act-rain__outcome')?.textContent).toMatch(/^(抽中：.+|差一点，没抽中)$/)
  expect($('.act-rain__remain')?.textContent).toBe(`剩余 ${started.data.count - 1} 次机会`)
  draws.restore()
  const beforeStop = seconds()
  await demo('/rain/stop')
  await waitFor(() => rain.rain?.istop === 0)
  expect(rain.rain!.he_time).toBeGreaterThanOrEqual(beforeStop)
  expect(rain.rain!.he_time).toBeLessThanOrEqual(seconds())
  logout()
})

test('R4.34 rain winners are fetched only while now is inside the window', async () => {
  await mountStage()
  await demo('/rain/start')
  const rain = await waitFor(() => store<RainStore>('rain')?.rain?.istop === 1 && store<RainStore>('rain'))
  const calls = countRequests(/rain\/winner/)
  expect(await rain.loadWinners()).toBe(true)
  expect(calls.count).toBe(1)
  await demo('/rain/stop')
  await waitFor(() => rain.rain?.istop === 0)
  await new Promise((r) => setTimeout(r, 1100)) // past he_time
  expect(await rain.loadWinners()).toBe(false)
  expect(calls.count).toBe(1)
  calls.restore()
})

test('R4.35 R4.36 R4.37 text lottery: unsent until the viewer sends the title as chat (marked once, with an id); the result is a win with the prize', async () => {
  await login()
  await mountStage()
  const started = await demo('/lottery/start?type=0')
  await waitFor(() => $('.act-card--lottery .act-lottery__send'))
  const lottery = store<LotteryStore>('lottery')
  expect(lottery.status).toBe('unsent')
  await chatStore.room(ROOM).send('别的话')
  await new Promise((r) => setTimeout(r, 300))
  expect(lottery.status).toBe('unsent')
  tap($('.act-lottery__send')) // sends the title through the chat
  await waitFor(() => lottery.status === 'sent') // marked on the chat send's answer
  await waitFor(() => $('.act-lottery__state')?.textContent === '已发送口令，等待开奖')
  await demo('/lottery/result')
  const win = await waitFor(() => $('.act-lottery__outcome--win'))
  expect(win.textContent).toBe(`恭喜中奖：${started.data.prize}`)
  expect(lottery.status).toBe('finish')
  logout()
})

test('R4.35 R4.36 back in the room after leaving it, sending the title still marks a new text lottery sent', async () => {
  await login()
  await mountStage()
  await demo('/lottery/start?type=1') // this visit loads the lottery module (a grab lottery)
  await waitFor(() => $('.act-card--lottery'))
  t.unmout() // the viewer leaves the room…
  t = new TestUtils()
  await mountStage() // …and comes back: the room's stage keeps its stores
  const started = await demo('/lottery/start?type=0')
  await waitFor(() => $('.act-card--lottery .act-lottery__send'))
  const lottery = store<LotteryStore>('lottery')
  expect(lottery.lottery?.id).toBe(started.data.id)
  tap($('.act-lottery__send'))
  await waitFor(() => lottery.status === 'sent') // marked on the chat send's answer
  await waitFor(() => $('.act-lottery__state')?.textContent === '已发送口令，等待开奖')
  logout()
})

/**
 * A stage host alone on a room socket whose welcome the test sends (`welcome`; the server joins a connection to the
 * room before it welcomes it), and each time it asks for the running activities' details (`refreshes`).
 */
function heldWelcomeHost(room = ROOM, moduleLoaders = loaders, clock?: ManualClock) {
  const handlers: Array<[string, (data: unknown) => void]> = []
  const socket = {
    on: (type: string, cb: (data: unknown) => void) => {
      handlers.push([type, cb])
      return () => undefined
    }
  }
  const host = new StageStore(room, {
    loaders: moduleLoaders,
    clock,
    delayMs: () => 0,
    acquire: () => socket as never,
    release: () => undefined,
    now: () => Math.floor(Date.now() / 1000),
    toast: () => undefined
  })
  const refreshes: Promise<void>[] = []
  const refresh = host.refresh.bind(host)
  host.refresh = () => {
    const answered = refresh()
    refreshes.push(answered)
    return answered
  }
  const welcome = () => {
    for (const [type, cb] of handlers) if (type === 'welcome') cb({ roomid: String(room), last_msg_id: 0, online: 1 })
  }
  return { host, refreshes, welcome }
}

test('R4.35 a lottery started after entering the room but before its socket joined (no push reaches this viewer) shows at the socket’s first welcome', async () => {
  hostOnly = true
  const { host, refreshes, welcome } = heldWelcomeHost()
  await demo('/lottery/result') // no lottery running as the viewer enters
  host.enter()
  await refreshes[0]
  expect(host.visible).not.toContain('lottery')
  // the host starts one now: pushed to the room, which this viewer's socket has not joined yet
  const started = await demo('/lottery/start?type=0')
  // joined, welcomed: the stage asks again and finds it
  welcome()
  expect(refreshes).toHaveLength(2)
  await refreshes[1]
  await waitFor(() => host.visible.includes('lottery'))
  expect((host.stores.lottery as unknown as LotteryStore).lottery?.id).toBe(started.data.id)
  host.leave()
})

test('R4.35 two askings for the details whose answers cross: the older answer (a lottery since ended and replaced) does not put its lottery back over the newer one', async () => {
  hostOnly = true
  const { host, refreshes, welcome } = heldWelcomeHost()
  // the entry's lottery answer, written by the server while the first lottery runs, reaches the stage last
  const held = holdAnswers(/\/lottery\/detail/, 1)
  try {
    await demo('/lottery/result')
    const first = await demo('/lottery/start?type=0')
    host.enter()
    await waitFor(() => held.answered() === 1)
    // the host ends it and starts another; the socket's welcome asks again, and that answer comes first
    await demo('/lottery/result')
    const second = await demo('/lottery/start?type=0')
    expect(second.data.id).not.toBe(first.data.id)
    welcome()
    expect(refreshes).toHaveLength(2)
    await refreshes[1]
    const lottery = () => (host.stores.lottery as unknown as LotteryStore | undefined)?.lottery
    expect(lottery()?.id).toBe(second.data.id)
    held.release()
    await refreshes[0]
    expect(held.answered()).toBe(2)
    expect(lottery()?.id).toBe(second.data.id)
    expect(host.visible).toContain('lottery')
  } finally {
    held.release()
    held.restore()
    host.leave()
  }
})

test('a red packet and a vote running as the viewer enters come in together, the red packet in front, when the entry’s vote answer comes after the welcome’s and the entry’s asking ends first', async () => {
  hostOnly = true
  const CROSS = SEED_IDS.rooms.onAirWithHistory // a room no other test here starts activities in
  const demoIn = (path: string) =>
    fetch(`${server.origin}/dev/rooms/${CROSS}${path}`, { method: 'POST' }).then(
      (r) => r.json() as Promise<{ code: number; data: any }>
    )
  const { host, refreshes, welcome } = heldWelcomeHost(CROSS)
  await demoIn('/redpack?total=20&count=2')
  const voting = await demoIn('/vote')
  // the entry's vote answer waits; the welcome's vote answer comes first, and its goods answer (its last) waits
  const entryVote = holdAnswers(/living\/activity\/vote\/detail$/, 1)
  const welcomeGoods = holdAnswers(/living\/goods$/, 1, 1)
  const seen: string[] = []
  const stop = reaction(
    () => host.visible.join(','),
    (v) => seen.push(v)
  )
  try {
    host.enter()
    await waitFor(() => entryVote.answered() === 1 && welcomeGoods.answered() === 1)
    welcome()
    const vote = () => (host.stores.vote as unknown as VoteStore | undefined)?.vote
    await waitFor(() => vote()?.id === voting.data.id && welcomeGoods.answered() === 2)
    // the entry's asking ends now, the welcome's after it: one arrangement, never the vote put over the red packet
    entryVote.release()
    await refreshes[0]
    welcomeGoods.release()
    await refreshes[1]
    expect(seen).toEqual(['redpack,vote'])
  } finally {
    stop()
    entryVote.release()
    welcomeGoods.release()
    welcomeGoods.restore()
    entryVote.restore()
    host.leave()
  }
})

/** The six calls for the running activities' details the stage asks for as the viewer enters (stage.ts, DETAILS). */
const DETAIL_CALLS = /\/(redpack\/detail|rain|lottery\/detail|puzzle\/detail|vote\/detail|living\/goods)$/

test('a viewer who leaves the room while the activities’ details are being asked sends no more of those calls and applies no answer', async () => {
  hostOnly = true
  const { host, refreshes } = heldWelcomeHost()
  await demo('/lottery/result')
  await demo('/lottery/start?type=0') // running: its details, were they asked for, would put it on the stage
  const calls = countRequests(DETAIL_CALLS)
  try {
    host.enter() // the first call goes out in this task, the other five one a task after it
    host.leave()
    await refreshes[0]
    expect(calls.count).toBe(1)
    expect(host.visible).toEqual([])
    expect(host.stores.lottery).toBeUndefined()
    // back in the room: the new visit asks for all six again and shows the lottery
    host.enter()
    await refreshes[1]
    expect(calls.count).toBe(7)
    expect(host.visible).toContain('lottery')
  } finally {
    calls.restore()
    host.leave()
    await demo('/lottery/result')
  }
})

test('a lottery pushed in this visit stays in front of a quiz started before it, which a later asking (the welcome’s) finds first', async () => {
  hostOnly = true
  const { host, refreshes, welcome } = heldWelcomeHost()
  await demo('/lottery/result')
  await demo('/quiz') // running since before the viewer came
  // the entry's quiz detail waits; the lottery is pushed; the welcome's asking, after the push, answers in full first
  const held = holdAnswers(/living\/activity\/puzzle\/detail$/, 1)
  try {
    host.enter()
    await waitFor(() => held.answered() === 1)
    const started = await demo('/lottery/start?type=0')
    await host.deliver('lottery_start', started.data)
    expect(host.visible[0]).toBe('lottery')
    welcome()
    await refreshes[1]
    // in front, the quiz behind it (and whatever else an earlier test left running)
    expect(host.visible[0]).toBe('lottery')
    expect(host.visible).toContain('quiz')
    held.release()
    await refreshes[0]
    expect(host.visible[0]).toBe('lottery')
  } finally {
    held.release()
    held.restore()
    host.leave()
    await demo('/lottery/result')
  }
})

test('a new lottery whose detail comes before its push (waiting for the picture) comes to the front when the push reaches the picture, over a vote pushed before it', async () => {
  hostOnly = true
  const { host, refreshes, welcome } = heldWelcomeHost()
  await demo('/lottery/start?type=1') // an earlier lottery: the stage has shown one before
  try {
    host.enter()
    await refreshes[0]
    expect(host.visible).toContain('lottery')
    const voting = await demo('/vote')
    await host.deliver('vote', voting.data)
    expect(host.visible[0]).toBe('vote')
    // a new lottery starts; its push waits for the viewer's picture while an asking (a reconnect's welcome) finds it
    const started = await demo('/lottery/start?type=1')
    welcome()
    await refreshes[1]
    expect((host.stores.lottery as unknown as LotteryStore).lottery?.id).toBe(started.data.id)
    expect(host.visible.slice(0, 2)).toEqual(['vote', 'lottery']) // the vote was pushed in this visit: newer
    // the push reaches the picture: newer than the vote, though the store holds its lottery already
    await host.deliver('lottery_start', started.data)
    expect(host.visible.slice(0, 2)).toEqual(['lottery', 'vote'])
    // a second push of the same vote (its counts) does not move it over the lottery
    await host.deliver('vote', voting.data)
    expect(host.visible[0]).toBe('lottery')
  } finally {
    host.leave()
    await demo('/lottery/result')
  }
})

test('a new lottery that started while the viewer’s socket was down, found by the reconnect’s asking (no push comes), comes in front of the quiz the viewer had brought forward', async () => {
  hostOnly = true
  const { host, refreshes, welcome } = heldWelcomeHost()
  await demo('/lottery/start?type=1')
  await demo('/quiz')
  try {
    host.enter()
    await refreshes[0]
    host.surface('quiz') // the viewer taps the quiz's chip
    expect(host.visible[0]).toBe('quiz')
    const started = await demo('/lottery/start?type=1') // pushed while this viewer's socket was down
    welcome()
    await refreshes[1]
    expect((host.stores.lottery as unknown as LotteryStore).lottery?.id).toBe(started.data.id)
    expect(host.visible.slice(0, 2)).toEqual(['lottery', 'quiz'])
  } finally {
    host.leave()
    await demo('/lottery/result')
  }
})

test('a red packet’s result asked before the viewer’s draw, answering after the draw’s, does not take the takers’ list back', async () => {
  hostOnly = true
  await login()
  const { host } = heldWelcomeHost()
  await demo('/redpack?total=60&count=3') // running as the viewer enters: the entry restores the viewer's draw
  const held = holdAnswers(/redpack\/result$/, 1)
  try {
    host.enter()
    await waitFor(() => held.answered() === 1) // the entry's result, taken before the draw, waits
    const rp = await waitFor(() => host.stores.redpack as unknown as RedpackStore | undefined)
    expect(await rp.draw()).toBe(true)
    const afterDraw = rp.result
    expect(afterDraw?.list.length).toBe(1)
    held.release()
    // the older answer arrives now: it would replace the list within moments (here in a few milliseconds)
    await waitFor(() => rp.result !== afterDraw, 2000).catch(() => undefined)
    expect(rp.result).toBe(afterDraw)
    expect(rp.outcome?.amount).toBeGreaterThan(0)
  } finally {
    held.release()
    held.restore()
    host.leave()
    logout()
  }
})

test('R6.2 a visitor’s vote whose 401 comes after the viewer has logged in goes out once more, for the logged-in viewer', async () => {
  hostOnly = true
  logout()
  const { host } = heldWelcomeHost()
  const started = await demo('/vote')
  const held = holdAnswers(/vote\/post$/, 1)
  const posts = countRequests(/vote\/post$/)
  try {
    const vote = () => host.stores.vote as unknown as VoteStore | undefined
    host.enter()
    await waitFor(() => vote()?.vote?.id === started.data.id)
    const cast = vote()!.cast(2) // sent without a token: its 401 waits
    await waitFor(() => held.answered() === 1)
    await login()
    held.release()
    expect(await cast).toBe(true)
    expect(vote()!.mine).toBe(2)
    expect(modal).not.toHaveBeenCalled()
    // nothing was kept for a later login: logging in again sends no third vote
    logout()
    await login()
    await new Promise((r) => setTimeout(r, 200))
    expect(posts.count).toBe(2)
  } finally {
    held.release()
    held.restore()
    posts.restore()
    host.leave()
    logout()
  }
})

test('R6.2 a visitor who taps a vote and then a quiz answer has both go out after the login, each once', async () => {
  hostOnly = true
  logout()
  const { host } = heldWelcomeHost()
  const vote = () => host.stores.vote as unknown as VoteStore | undefined
  const quiz = () => host.stores.quiz as unknown as QuizStore | undefined
  const votes = countRequests(/vote\/post$/)
  const answers = countRequests(/puzzle\/post$/)
  try {
    const voting = await demo('/vote')
    const asking = await demo('/quiz')
    host.enter()
    await waitFor(() => vote()?.vote?.id === voting.data.id && quiz()?.quiz?.id === asking.data.id)
    // each opens the login prompt (R8.4); the second keeps its own action beside the first
    expect(await vote()!.cast(2)).toBe(false)
    expect(await quiz()!.answer(1)).toBe(false)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '去登录' }))
    expect([votes.count, answers.count]).toEqual([1, 1])
    await login()
    await waitFor(() => vote()!.mine === 2 && quiz()!.myAnswer === 1)
    expect([votes.count, answers.count]).toEqual([2, 2])
  } finally {
    votes.restore()
    answers.restore()
    host.leave()
    logout()
  }
})

test('R4.37 grab lottery: tap to join (a double tap joins once); a viewer who did not win sees the loss', async () => {
  await login()
  await mountStage()
  await demo('/lottery/start?type=1')
  const join = await waitFor(() => $('.act-card--lottery .act-lottery__join'))
  const joins = countRequests(/\/lottery\/draw$/)
  try {
    // a double tap: one join, one toast
    tap(join)
    tap(join)
    // how long until the draw
    expect($('.act-lottery__left')?.textContent).toMatch(/^还剩 (09|10):\d\d 开奖$/)
    await waitFor(() => $('.act-lottery__state')?.textContent === '已参与，等待开奖')
    expect(joins.count).toBe(1)
  } finally {
    joins.restore()
  }
  await demo('/lottery/result')
  await waitFor(() => $('.act-lottery__outcome--win')) // the demo draws every viewer who joined
  expect($('.act-lottery__left')).toBeNull() // drawn: nothing left to wait for
  // a new grab lottery the viewer does not join: the result is a loss
  await demo('/lottery/start?type=1')
  await waitFor(() => $('.act-card--lottery .act-lottery__join'))
  await demo('/lottery/result')
  const loss = await waitFor(() => $('.act-lottery__outcome--loss'))
  expect(loss.textContent).toBe('很遗憾，未中奖')
  logout()
})

test('a lottery whose draw time comes while the card is open takes the join away: 已截止参与，等待开奖; a viewer who joined keeps 已参与', async () => {
  await mountStage()
  // (the card, not its join: a loaded machine may show it after the two seconds are up)
  await demo('/lottery/start?type=1&seconds=2')
  await waitFor(() => $('.act-card--lottery'))
  const closed = await waitFor(() => $('.act-card--lottery .act-lottery__state'))
  expect(closed.textContent).toBe('已截止参与，等待开奖')
  expect($('.act-lottery__join')).toBeNull()
  expect($('.act-lottery__left')).toBeNull() // no time left to count
  // a text lottery: its 口令 button goes the same way
  const text = await demo('/lottery/start?type=0&seconds=2')
  await waitFor(() => store<LotteryStore>('lottery')?.lottery?.id === text.data.id)
  await waitFor(() => $('.act-card--lottery .act-lottery__state')?.textContent === '已截止参与，等待开奖')
  expect($('.act-lottery__send')).toBeNull()
  // a viewer who joined before the draw time is still in: their card says so after it
  await login()
  await demo('/lottery/start?type=1&seconds=8') // time to tap join, on a loaded machine too
  tap(await waitFor(() => $('.act-card--lottery .act-lottery__join')))
  await waitFor(() => $('.act-lottery__state')?.textContent === '已参与，等待开奖')
  await waitFor(() => !$('.act-lottery__left'))
  expect($('.act-lottery__state')?.textContent).toBe('已参与，等待开奖')
  logout()
})

test('entering fetches each running activity (a late joiner sees the running vote and red packet); two at once stack as a card and a chip, the red packet in front from the first moment', async () => {
  const OTHER = SEED_IDS.rooms.withRunningVote
  await fetch(`${server.origin}/dev/rooms/${OTHER}/redpack?total=20&count=2`, { method: 'POST' })
  // every arrangement the stage shows: both come in at once, never one and then the other in front of it
  const seen: string[] = []
  const stop = reaction(
    () => stageFor(OTHER).visible.join(','),
    (v) => seen.push(v)
  )
  await t.mount(ActivityStage, { props: { roomId: OTHER } })
  await waitFor(() => $('.act-card') && $$('.activities__chip').length === 1)
  stop()
  expect(seen).toEqual(['redpack,vote'])
  expect($('.activities')?.dataset.front).toBe('redpack')
  expect($('.activities__chip')?.dataset.kind).toBe('vote')
  const chip = $('.activities__chip')!
  const kind = chip.dataset.kind
  tap(chip)
  await waitFor(() => $(`.act-card--${kind}`))
  // every card can be closed
  tap($('.act-card__close'))
  await waitFor(() => $$('.act-card').length === 1 && $$('.activities__chip').length === 0)
})

test('entering asks for the six activities’ details one call a task, not six in the task the room enters in', async () => {
  const OTHER = SEED_IDS.rooms.withRunningVote
  const calls = countRequests(/living\/(activity\/(redpack|lottery|puzzle|vote)\/detail|activity\/rain|goods)$/)
  try {
    const entered = t.mount(ActivityStage, { props: { roomId: OTHER } })
    // microtasks only: the task the room enters in, and nothing after it
    for (let i = 0; i < 100; i++) await Promise.resolve()
    expect(calls.urls.map((u) => u.replace(/.*\/living\//, ''))).toEqual(['activity/redpack/detail'])
    await entered
    // the other five, each in a task of its own (a session change meanwhile may ask them all again)
    await waitFor(() => calls.count >= 6)
    expect(calls.urls.slice(0, 6).map((u) => u.replace(/.*\/living\//, ''))).toEqual([
      'activity/redpack/detail',
      'activity/rain',
      'activity/lottery/detail',
      'activity/puzzle/detail',
      'activity/vote/detail',
      'goods'
    ])
  } finally {
    calls.restore()
  }
})

test('a red packet pushed while an entering viewer’s details are on their way stays in front with its 抢红包: the details asked before it neither put the last packet back nor bring the running vote in front of it', async () => {
  logout()
  const LATE = SEED_IDS.rooms.onAirLandscape // a room no other test here opens
  const demoIn = (path: string) =>
    fetch(`${server.origin}/dev/rooms/${LATE}${path}`, { method: 'POST' }).then(
      (r) => r.json() as Promise<{ code: number; data: any }>
    )
  const last = await demoIn('/redpack?total=20&count=2') // the packet the details will name
  await demoIn('/vote')
  // a slow network: the details reach the server at once, and their answers come after the push below
  const held = holdAnswers(/living\/(activity\/(redpack|lottery|puzzle|vote)\/detail|activity\/rain|goods)$/)
  try {
    await t.mount(ActivityStage, { props: { roomId: LATE } })
    await waitFor(() => roomSocket(LATE)?.isOpen)
    const packet = await demoIn('/redpack?total=60&count=3')
    expect(packet.data.id).not.toBe(last.data.id)
    const redpack = () => stageFor(LATE).stores.redpack as unknown as RedpackStore | undefined
    await waitFor(() => redpack()?.redpack?.id === packet.data.id && $('.act-card--redpack .act-redpack__draw'))
    held.release()
    // the vote the details found comes in behind the packet, as a chip
    await waitFor(() => stageFor(LATE).visible.includes('vote'))
    expect(stageFor(LATE).visible).toEqual(['redpack', 'vote'])
    expect($('.activities')?.dataset.front).toBe('redpack')
    expect(redpack()?.redpack?.id).toBe(packet.data.id)
    expect($('.act-card--redpack .act-redpack__draw')).not.toBeNull()
  } finally {
    held.release()
    held.restore()
  }
})

test('the server drops the room’s sockets while a vote starts; after the reconnect the viewer sees it (details fetched again)', async () => {
  // a room no other test here opens: the stage of ROOM keeps what earlier tests started (a rain, a red packet) in front
  const DROP_ROOM = SEED_IDS.rooms.onAirWithGoods // on air, no activities
  await t.mount(ActivityStage, { props: { roomId: DROP_ROOM } })
  await waitFor(() => roomSocket(DROP_ROOM)?.isOpen)
  const socket = roomSocket(DROP_ROOM)!
  const details = countRequests(/activity\/vote\/detail/)
  await fetch(`${server.origin}/dev/rooms/${DROP_ROOM}/sockets/drop`, { method: 'POST' })
  await waitFor(() => !socket.isOpen)
  // pushed while the viewer is away
  const started = (await fetch(`${server.origin}/dev/rooms/${DROP_ROOM}/vote`, { method: 'POST' }).then((r) =>
    r.json()
  )) as { data: { id: number; options: unknown[] } }
  await waitFor(() => socket.isOpen && details.count >= 1)
  details.restore()
  // the viewer sees the vote that started while the room's sockets were down, with its options
  const vote = () => stageFor(DROP_ROOM).stores.vote as unknown as VoteStore
  await waitFor(() => vote()?.vote?.id === started.data.id && $('.act-card--vote'))
  expect($('.activities')?.dataset.front).toBe('vote')
  expect($$('.act-vote__option')).toHaveLength(started.data.options.length)
})

test('a lottery pushed before a vote, whose module arrives after the vote has shown, goes behind the vote, not over it; the vote does not wait for it', async () => {
  hostOnly = true
  // a slow network: the lottery's module (its own chunk on the web) is still on its way when the vote is pushed
  let arrive = () => undefined as void
  const chunk = new Promise<void>((resolve) => (arrive = resolve))
  const { host } = heldWelcomeHost(ROOM, { ...loaders, lottery: () => chunk.then(() => loaders.lottery()) })
  await demo('/lottery/result')
  const started = await demo('/lottery/start?type=1')
  const voting = await demo('/vote')
  const seen: string[] = []
  const stop = reaction(
    () => host.visible.join(','),
    (v) => seen.push(v)
  )
  try {
    const lottery = host.deliver('lottery_start', started.data)
    await host.deliver('vote', voting.data)
    expect(host.visible).toEqual(['vote'])
    arrive()
    await lottery
    expect(seen).toEqual(['vote', 'vote,lottery'])
    // a later push of the lottery (a new one) is newer than the vote: in front
    const next = await demo('/lottery/start?type=1')
    await host.deliver('lottery_start', next.data)
    expect(host.visible).toEqual(['lottery', 'vote'])
  } finally {
    stop()
    arrive()
    await demo('/lottery/result')
  }
})

test('a push whose module fails to load (a chunk’s network error) shows when a try a second later loads it; after the last try it is given up, and the next push loads the module again', async () => {
  hostOnly = true
  const clock = new ManualClock()
  let tries = 0
  let failing = 1
  const quiz = () => {
    tries++
    return failing-- > 0 ? Promise.reject(new Error('Loading chunk act-quiz failed')) : loaders.quiz()
  }
  const { host } = heldWelcomeHost(ROOM, { ...loaders, quiz }, clock)
  const asking = await demo('/quiz')
  const shown = host.deliver('quiz', asking.data)
  await waitFor(() => tries === 1)
  await clock.advance(CHUNK_RETRY_MS[0] - 1)
  expect(tries).toBe(1)
  expect(host.visible).toEqual([])
  await clock.advance(1)
  await shown
  expect(tries).toBe(2)
  expect(host.visible).toEqual(['quiz'])
  // a module that never loads: four tries (the first and one after each wait), then the push is given up
  const lost = heldWelcomeHost(ROOM, { ...loaders, quiz }, clock).host
  tries = 0
  failing = CHUNK_RETRY_MS.length + 1
  const given = lost.deliver('quiz', asking.data).then(
    () => 'shown',
    () => 'given up'
  )
  await waitFor(() => tries === 1)
  await clock.advance(CHUNK_RETRY_MS.reduce((a, b) => a + b))
  expect(await given).toBe('given up')
  expect(tries).toBe(4)
  expect(lost.visible).toEqual([])
  // the quiz's next push (its counts) loads it again
  await lost.deliver('quiz', asking.data)
  expect(tries).toBe(5)
  expect(lost.visible).toEqual(['quiz'])
})

test('a running quiz the entry finds, whose module fails to load once, shows after the try a second later', async () => {
  hostOnly = true
  const clock = new ManualClock()
  let tries = 0
  const quiz = () => (++tries === 1 ? Promise.reject(new Error('Loading chunk act-quiz failed')) : loaders.quiz())
  const { host, refreshes } = heldWelcomeHost(ROOM, { ...loaders, quiz }, clock)
  const asking = await demo('/quiz')
  try {
    host.enter()
    await waitFor(() => tries === 1)
    expect(host.visible).not.toContain('quiz')
    await clock.advance(CHUNK_RETRY_MS[0])
    await refreshes[0]
    expect(tries).toBe(2)
    expect((host.stores.quiz as unknown as QuizStore).quiz?.id).toBe(asking.data.id)
    expect(host.visible).toContain('quiz')
  } finally {
    host.leave()
  }
})

test('a push waits for the player’s measured latency before it shows', async () => {
  // the quiz's details answer later than its push: an asking of the entry or the welcome that reaches a loaded server
  // after the quiz started would show it at once, from its answer (a detail is as new as the push, not behind it)
  const held = holdAnswers(/living\/activity\/puzzle\/detail$/)
  await mountStage()
  setStreamLatency(1.5, 'hls.js')
  // when the push reaches the room socket (this handler runs after the stage's own), the quiz is not shown yet: it
  // waits for the picture (the stage's queue, driven by a moved clock, is live-stream-rules.test.ts's)
  const before = store<QuizStore>('quiz')?.quiz?.id
  let atArrival: unknown = 'not arrived'
  const off = roomSocket(ROOM)!.on('quiz', () => (atArrival = store<QuizStore>('quiz')?.quiz?.id))
  try {
    expect(latencyDelayMs()).toBe(1500)
    await demo('/quiz')
    await waitFor(() => store<QuizStore>('quiz')?.quiz?.id !== before && store<QuizStore>('quiz')?.quiz?.id)
    expect(atArrival).toBe(before)
  } finally {
    held.release()
    held.restore()
    off()
    setStreamLatency(null, '')
  }
})

test('a visitor who logs in inside the room sees at once the red packet, rain draws, vote and quiz answer their account made elsewhere; logged out, none of them', async () => {
  logout()
  await mountStage()
  const asking = await demo('/quiz')
  const voting = await demo('/vote')
  const raining = await demo('/rain/start')
  const packet = await demo('/redpack?total=60&count=3') // last, so that its card is in front
  await waitFor(() => $('.act-card--redpack .act-redpack__draw'))
  const vote = await waitFor(() => store<VoteStore>('vote')?.vote?.id === voting.data.id && store<VoteStore>('vote'))
  const rain = await waitFor(() => store<RainStore>('rain')?.running && store<RainStore>('rain'))
  const quiz = await waitFor(() => store<QuizStore>('quiz')?.quiz?.id === asking.data.id && store<QuizStore>('quiz'))
  // the viewer's account draws, votes and answers on another device
  const { access_token } = await demoLogin(server.origin)
  const elsewhere = (path: string, body: object) =>
    fetch(`${server.origin}/api/v1/userapp/living/activity/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify(body)
    }).then((r) => r.json() as Promise<{ code: number; data: any }>)
  const drawn = await elsewhere('redpack/draw', { act_id: packet.data.id })
  expect(drawn.code).toBe(1)
  const amount = Number(drawn.data.amount)
  expect(amount).toBeGreaterThan(0)
  expect((await elsewhere('rain/draw', { act_id: raining.data.actId })).code).toBe(1)
  expect((await elsewhere('vote/post', { act_id: voting.data.id, option_id: 2 })).code).toBe(1)
  expect((await elsewhere('puzzle/post', { act_id: asking.data.id, answer: 1 })).code).toBe(1)
  // here a visitor still: 抢, every chance of the rain, no vote, no answer
  expect($('.act-redpack__outcome--win')).toBeNull()
  expect(rain.remain).toBe(raining.data.count)
  expect(vote.mine).toBe(0)
  expect(quiz.myAnswer).toBe(0)

  // logged in inside the room: the server's record of what the account did shows, without entering again
  const asked = countRequests(/activity\/(redpack\/result|rain\/mine|vote\/detail)/)
  await login()
  await waitFor(() => $('.act-redpack__outcome--win')?.textContent === `抢到 ${amount} 慧币`)
  await waitFor(() => rain.remain === raining.data.count - 1 && rain.draws.length === 1)
  await waitFor(() => vote.mine === 2)
  // the quiz: the account's answer, and the result with it (right or wrong, the right answer named)
  await waitFor(() => quiz.myAnswer === 1 && quiz.result)
  expect(asked.count).toBeGreaterThanOrEqual(3)
  asked.restore()
  // logged out in the room: the account's answer and vote are no longer this viewer's
  logout()
  await waitFor(() => quiz.myAnswer === 0 && !quiz.result)
  await waitFor(() => vote.mine === 0)
  await demo('/rain/stop')
})
