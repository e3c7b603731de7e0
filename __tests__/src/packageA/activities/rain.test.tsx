/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * The rain lottery on H5 through the stage a viewer reaches in the live room, against the reference server: the
 * shake gesture on iOS (R6.6: the device-motion permission asked inside the tap that offers it, as Safari requires)
 * and the winner list (R3.38, R7.92) shown after a win.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { ActivityStage } from '@/packageA/components/activities'
import { stageFor } from '@/packageA/components/activities/stage'
import type { RainStore } from '@/packageA/components/activities/rain/store'
import { roomSocket } from '@/core/socket'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../../support/reference-server'
import { waitFor, $ } from '../../support/dom'

const server = useReferenceServer()
const ROOM = 496
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

beforeAll(async () => {
  setItem('fingerprint', 'fp-rain-tests')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => `/packageA/pages/live/live?roomid=${ROOM}`,
    platform: () => 'WEB',
    isIOS: () => true
  })
  loginStore.register()
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
})

let t: TestUtils
const realUA = navigator.userAgent
beforeEach(() => {
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
  Object.defineProperty(navigator, 'userAgent', { value: realUA, configurable: true })
  delete (window as unknown as { DeviceMotionEvent?: unknown }).DeviceMotionEvent
})

const demo = (path: string) =>
  fetch(`${server.origin}/dev/rooms/${ROOM}${path}`, { method: 'POST' }).then(
    (r) => r.json() as Promise<{ code: number; data: any }>
  )
const rain = () => stageFor(ROOM).stores.rain as unknown as RainStore

function tap(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}

/** iOS Safari 13+: DeviceMotionEvent with its static requestPermission (answering `answer`). */
function iPhoneSafari(answer: 'granted' | 'denied') {
  Object.defineProperty(navigator, 'userAgent', { value: IPHONE, configurable: true })
  const requestPermission = jest.fn(() => Promise.resolve(answer))
  class DeviceMotionEvent extends Event {
    static requestPermission = requestPermission
    accelerationIncludingGravity: { x: number; y: number; z: number } | null
    constructor(type: string, init: { accelerationIncludingGravity?: { x: number; y: number; z: number } } = {}) {
      super(type)
      this.accelerationIncludingGravity = init.accelerationIncludingGravity ?? null
    }
  }
  ;(window as unknown as { DeviceMotionEvent: unknown }).DeviceMotionEvent = DeviceMotionEvent
  return {
    requestPermission,
    shake: () =>
      window.dispatchEvent(
        new DeviceMotionEvent('devicemotion', { accelerationIncludingGravity: { x: 25, y: 18, z: 9.8 } })
      )
  }
}

/** A rain started by the demo control, the viewer in its game. */
async function playRain() {
  await t.mount(ActivityStage, { props: { roomId: ROOM } })
  await waitFor(() => roomSocket(ROOM)?.isOpen)
  const started = await demo('/rain/start')
  await waitFor(() => rain()?.rain?.actId === started.data.actId && $('.act-rain__play'))
  tap($('.act-rain__play'))
  await waitFor(() => $('.act-rain__packet'))
  return started
}

test('R6.6 iOS: the device-motion permission is asked inside the tap on 摇一摇; granted, a shake draws', async () => {
  const motion = iPhoneSafari('granted')
  const started = await playRain()
  const shake = await waitFor(() => $('.act-rain__shake'))
  expect(shake.getAttribute('aria-label')).toBe('摇一摇抢红包')
  expect(motion.requestPermission).not.toHaveBeenCalled() // not before the viewer asks for the gesture
  tap(shake)
  // Safari grants the prompt only from a user gesture: the call happens synchronously inside the tap
  expect(motion.requestPermission).toHaveBeenCalledTimes(1)
  // past the rain's tap throttle, which also counts a tap an earlier test made just before
  await new Promise((r) => setTimeout(r, Math.max(50, rain().rain!.throttle + 20)))
  const draws = countRequests(/rain\/draw/)
  motion.shake()
  await waitFor(() => draws.count === 1 && $('.act-rain__outcome'))
  expect(JSON.parse(draws.bodies[0])).toMatchObject({ act_id: started.data.actId })
  expect($('.act-rain__remain')?.textContent).toBe(`剩余 ${started.data.count - 1} 次机会`)
  draws.restore()
  await demo('/rain/stop')
})

test('R6.6 iOS: a refused device-motion permission listens to nothing (a shake draws nothing; tapping packets still plays)', async () => {
  const motion = iPhoneSafari('denied')
  await playRain()
  tap(await waitFor(() => $('.act-rain__shake')))
  expect(motion.requestPermission).toHaveBeenCalledTimes(1)
  await new Promise((r) => setTimeout(r, 50))
  const draws = countRequests(/rain\/draw/)
  motion.shake()
  await new Promise((r) => setTimeout(r, 300))
  expect(draws.count).toBe(0)
  tap($('.act-rain__packet'))
  await waitFor(() => draws.count === 1)
  draws.restore()
  await demo('/rain/stop')
})

test('R3.38 R7.92 after a win the rain’s winner list shows the viewer with the prize', async () => {
  // about one draw in three wins (server/routes/activity/index.ts): rains are started until the viewer has won
  let prize = ''
  for (let round = 0; round < 12 && !prize; round++) {
    if (round === 0) await playRain()
    else {
      const started = await demo('/rain/start')
      await waitFor(() => rain()?.rain?.actId === started.data.actId)
      rain().play()
    }
    const r = rain()
    for (let i = 0; i < r.rain!.count && !prize; i++) {
      await new Promise((res) => setTimeout(res, r.rain!.throttle + 20))
      const packet = await waitFor(() => $('.act-rain__packet'))
      tap(packet)
      await waitFor(() => r.draws.length === i + 1)
      if (r.draws[i].win) prize = r.draws[i].title
    }
  }
  expect(prize).not.toBe('')
  const list = await waitFor(() => $('.act-rain__winners'))
  expect(list.textContent).toContain(`${sessionStore.user.nickName} ${prize}`)
  await demo('/rain/stop')
})
