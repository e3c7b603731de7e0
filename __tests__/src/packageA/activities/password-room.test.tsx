/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * A password room's activities through the stage host and its stores, against the reference server, which answers
 * a password room's activities only with the room's password or room_key (R3.9): once the viewer entered the
 * password (room info answered the key), every activity call of that room carries the key, reads and writes.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { ActivityStage } from '@/packageA/components/activities'
import { stageFor } from '@/packageA/components/activities/stage'
import type { VoteStore } from '@/packageA/components/activities/vote/store'
import type { QuizStore } from '@/packageA/components/activities/quiz/store'
import type { GoodsStore } from '@/packageA/components/activities/goods/store'
import type { RedpackStore } from '@/packageA/components/activities/redpack/store'
import type { RainStore } from '@/packageA/components/activities/rain/store'
import type { LotteryStore } from '@/packageA/components/activities/lottery/store'
import type { ActivityKind } from '@/packageA/components/activities/types'
import { fetchRoomInfo } from '@/api/live'
import { roomSocket } from '@/core/socket'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../../support/reference-server'
import { waitFor } from '../../support/dom'
import { SEED_IDS } from '../../../../server/db/seed-ids'

const server = useReferenceServer()
const ROOM = SEED_IDS.rooms.password

beforeAll(async () => {
  setItem('fingerprint', 'fp-password-room-activities')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => `/packageA/pages/live/live?roomid=${ROOM}`,
    platform: () => 'WEB',
    isIOS: () => false
  })
  loginStore.register()
})

let t: TestUtils
beforeEach(() => {
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const demo = (path: string) =>
  fetch(`${server.origin}/dev/rooms/${ROOM}${path}`, { method: 'POST' }).then(
    (r) => r.json() as Promise<{ code: number; data: any }>
  )
const store = <S,>(kind: ActivityKind) => stageFor(ROOM).stores[kind] as unknown as S

test('R3.9 R7.89–R7.101 in a password room entered with its password, every activity call carries the room_key: the running activities load, the vote, quiz, red packet, rain and lottery go through', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  // the room's activities, running before the viewer comes in
  const vote = await demo('/vote')
  await demo('/quiz')
  await demo('/redpack?total=60&count=3')
  await demo('/rain/start')
  await demo('/lottery/start?type=1')
  // the viewer enters the password: room info answers the room's key
  const info = await fetchRoomInfo({ roomid: ROOM, password: '8888' })
  expect(info.room_key).toBeTruthy()
  const calls = countRequests(/\/userapp\/living\/(activity|goods)/)
  await t.mount(ActivityStage, { props: { roomId: ROOM } })
  await waitFor(() => roomSocket(ROOM)?.isOpen)
  // the details fetched on entering answered: each module has its activity
  await waitFor(() => store<VoteStore>('vote')?.vote?.id === vote.data.id)
  await waitFor(() => store<QuizStore>('quiz')?.quiz && store<RedpackStore>('redpack')?.redpack)
  await waitFor(() => store<RainStore>('rain')?.rain && store<LotteryStore>('lottery')?.lottery)
  // reads and writes of each
  expect(await store<VoteStore>('vote').cast(1)).toBe(true)
  expect(await store<QuizStore>('quiz').answer(1)).toBe(true)
  expect(store<QuizStore>('quiz').result?.answered).toBe(1)
  const rp = store<RedpackStore>('redpack')
  expect(await rp.draw()).toBe(true)
  expect(rp.outcome?.amount).toBeGreaterThan(0)
  await waitFor(() => (rp.result?.list.length ?? 0) === 1)
  const rain = store<RainStore>('rain')
  await rain.draw()
  expect(rain.draws).toHaveLength(1)
  expect(await rain.loadWinners()).toBe(true)
  expect(await store<LotteryStore>('lottery').join()).toBe(true)
  expect(await store<LotteryStore>('lottery').loadResult()).toBe(true)
  const goods = (await stageFor(ROOM).load('goods')) as unknown as GoodsStore
  await goods.open()
  calls.restore()
  // every one of them carried the room's key
  const paths = calls.urls.map((u) => new URL(u).pathname.replace(/^.*\/living\//, ''))
  for (const p of [
    'activity/vote/detail',
    'activity/vote/post',
    'activity/puzzle/detail',
    'activity/puzzle/post',
    'activity/puzzle/result',
    'activity/redpack/detail',
    'activity/redpack/draw',
    'activity/redpack/result',
    'activity/rain',
    'activity/rain/draw',
    'activity/rain/winner',
    'activity/lottery/detail',
    'activity/lottery/draw',
    'activity/lottery/result',
    'goods'
  ])
    expect(paths).toContain(p)
  calls.bodies.forEach((body, i) => expect([paths[i], JSON.parse(body).room_key]).toEqual([paths[i], info.room_key]))
})
