/*
 * Component tests of every activity view in the mini-program project (the weapp project resolves `name.ts`, so the
 * stage loads the modules from modules.ts as the mini-program build does, and aria.ts gives WeChat's attributes).
 * Each module is loaded through the stage host and its store given a detail, as entering a room does.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { env } from '@/env'
import { StageStore, type StageDeps } from '@/packageA/components/activities/stage'
import { loaders } from '@/packageA/components/activities/modules'
import type { ActivityKind, ActivityStore } from '@/packageA/components/activities/types'
import { waitFor, $, $$ } from '../../support/dom'
import { useFaultServer } from '../../support/fault-server'

// the views' own calls (a goods card's view report, the rain's winners) answered on loopback
useFaultServer()

const deps: StageDeps = {
  loaders,
  delayMs: () => 0,
  acquire: () => ({ on: () => () => undefined, connections: 1 }) as never,
  release: () => undefined,
  now: () => 1000,
  toast: () => undefined
}

const DETAILS: Record<ActivityKind, unknown> = {
  vote: {
    id: 1,
    title: '最想看哪个机位？',
    status: 1,
    options: [
      { id: 1, title: '长春桥', vote: 3 },
      { id: 2, title: '太湖仙岛', vote: 5 }
    ],
    voted_option_id: 2
  },
  quiz: {
    id: 2,
    title: '鼋头渚位于哪个湖边？',
    status: 1,
    options: [
      { id: 1, title: '太湖' },
      { id: 2, title: '西湖' }
    ]
  },
  lottery: { id: 3, title: '手慢无！点击参与抽奖', prize: '鼋头渚门票2张', lottery_type: 1, status: 1, userlist: [] },
  rain: {
    actId: 4,
    title: '太湖红包雨',
    throttle: 300,
    count: 3,
    interval: '3,5,8',
    hs_time: 900,
    he_time: 4500,
    istop: 1,
    status: 1
  },
  redpack: { id: 5, title: '主播发红包啦', total_gold: 200, count: 10, remain: 7, status: 1 },
  goods: [
    {
      id: 6,
      title: '鼋头渚门票',
      price: 90,
      cover: '',
      url: '/m2/pages/mall/payment?goods_id=6',
      on_screen: 1,
      index: 0
    }
  ]
}

const EXPECT: Record<ActivityKind, (el: HTMLElement) => void> = {
  vote: () => expect($$('.act-vote__count').map((e) => e.textContent)).toEqual(['3', '5']),
  quiz: () => expect($$('.act-quiz__option').map((e) => e.textContent)).toEqual(['太湖', '西湖']),
  lottery: () => expect($('.act-lottery__join')?.textContent).toBe('手慢无！点击参与抽奖'),
  rain: () => expect($('.act-rain__remain')?.textContent).toBe('剩余 3 次机会'),
  redpack: () => expect($('.act-redpack__info')?.textContent).toBe('共 200 慧币 · 10 个 · 剩 7 个'),
  goods: () => expect($('.act-goods__index')?.textContent).toBe('1')
}

let t: TestUtils
beforeEach(() => (t = new TestUtils()))
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

async function render(kind: ActivityKind): Promise<{ stage: StageStore; store: ActivityStore }> {
  const stage = new StageStore(100, deps)
  const store = await stage.load(kind)
  store.applyDetail(DETAILS[kind])
  const mod = stage.modules[kind]!
  await t.mount(mod.View, { props: { store, roomId: 100, onClose: () => stage.close(kind) } })
  return { stage, store }
}

test.each(Object.keys(DETAILS) as ActivityKind[])(
  'the %s view renders in the mini-program with its label and a close button',
  async (kind) => {
    const { stage } = await render(kind)
    const card = await waitFor(() => $(`.act-card--${kind}`))
    EXPECT[kind](card)
    const close = $('.act-card__close')!
    expect(
      close.getAttribute('aria-label') ?? close.getAttribute('arialabel') ?? close.getAttribute('ariaLabel')
    ).toMatch(/^关闭/)
    t.act(() => close.click())
    expect(stage.closed).toEqual([kind])
  }
)

test('R9.26 the lottery-win subscription is asked inside the tap that joins the grab lottery', async () => {
  const previous = env.TARO_APP_TMPL_LOTTERY_WIN
  env.TARO_APP_TMPL_LOTTERY_WIN = 'tmpl-lottery-win'
  const asked = jest.fn().mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'tmpl-lottery-win': 'accept' })
  const original = (Taro as unknown as { requestSubscribeMessage?: unknown }).requestSubscribeMessage
  ;(Taro as unknown as { requestSubscribeMessage: unknown }).requestSubscribeMessage = asked
  try {
    const { store } = await render('lottery')
    const join = jest.spyOn(store as unknown as { join(): Promise<boolean> }, 'join').mockResolvedValue(false)
    let during = -1
    join.mockImplementation(() => {
      during = asked.mock.calls.length // the dialog was asked before the join went out, in the same tap
      return Promise.resolve(false)
    })
    t.act(() => $('.act-lottery__join')!.click())
    expect(asked).toHaveBeenCalledWith(expect.objectContaining({ tmplIds: ['tmpl-lottery-win'] }))
    expect(during).toBe(1)
  } finally {
    env.TARO_APP_TMPL_LOTTERY_WIN = previous
    ;(Taro as unknown as { requestSubscribeMessage: unknown }).requestSubscribeMessage = original
  }
})

test('R6.6 mini-program: 摇一摇 starts the accelerometer (no permission to ask, even on iOS) and a shake draws', async () => {
  const requestPermission = jest.fn(() => Promise.resolve('granted'))
  ;(window as unknown as { DeviceMotionEvent: unknown }).DeviceMotionEvent = { requestPermission }
  const listeners: Array<(a: { x: number; y: number; z: number }) => void> = []
  jest
    .spyOn(Taro, 'onAccelerometerChange')
    .mockImplementation((cb: (a: { x: number; y: number; z: number }) => void) => void listeners.push(cb))
  const start = jest.spyOn(Taro, 'startAccelerometer').mockResolvedValue({ errMsg: 'startAccelerometer:ok' })
  const stop = jest.spyOn(Taro, 'stopAccelerometer').mockResolvedValue({ errMsg: 'stopAccelerometer:ok' })
  const off = jest.spyOn(Taro, 'offAccelerometerChange').mockImplementation(() => undefined)
  try {
    const { store } = await render('rain')
    const draw = jest.spyOn(store as unknown as { draw(): Promise<boolean> }, 'draw').mockResolvedValue(false)
    t.act(() => $('.act-rain__play')!.click())
    const shake = await waitFor(() => $('.act-rain__shake'))
    expect(shake.getAttribute('arialabel') ?? shake.getAttribute('aria-label') ?? shake.getAttribute('ariaLabel')).toBe(
      '摇一摇抢红包'
    )
    t.act(() => shake.click())
    await waitFor(() => start.mock.calls.length === 1)
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ interval: 'game' }))
    expect(requestPermission).not.toHaveBeenCalled()
    expect(listeners).toHaveLength(1)
    listeners[0]({ x: 0.1, y: 0.2, z: 1 }) // the phone lying still: gravity only
    expect(draw).not.toHaveBeenCalled()
    listeners[0]({ x: 2.5, y: 1.5, z: 1 }) // a shake
    expect(draw).toHaveBeenCalledTimes(1)
    await new Promise((r) => setTimeout(r, 0)) // the accelerometer has started
    t.unmout() // leaving the card stops the accelerometer
    expect(off).toHaveBeenCalledWith(listeners[0])
    expect(stop).toHaveBeenCalled()
  } finally {
    delete (window as unknown as { DeviceMotionEvent?: unknown }).DeviceMotionEvent
  }
})
