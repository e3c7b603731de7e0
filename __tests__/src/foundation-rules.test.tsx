import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import appConfig, { PAGE_ANIMATION } from '@/app.config'
import homeConfig from '@/pages/home/home.config'
import listConfig from '@/pages/list/list.config'
import searchConfig from '@/packageB/pages/search/search.config'
import ChannelBridge from '@/packageB/pages/channel/bridge'
import { FOLLOW_UP_DELAY, hideLoadingThen, notifyToast, showLoading } from '@/ui/overlay'
import { CLICK_AFTER_TOUCH_MS, MOVE_THRESHOLD, isClickOfTouch, isMove } from '@/utils/touch'
import { ENV_DEFAULTS } from '../../config/env'

function routeTo(params: Record<string, string>) {
  Current.router = {
    params,
    path: '/test',
    onReady: '',
    onHide: '',
    onShow: '',
    shareTicket: '',
    scene: 0,
    exitState: undefined
  } as never
}

describe('timings and distances', () => {
  test('R9.14 reach-bottom distance 50 on the paged pages', () => {
    expect(homeConfig.onReachBottomDistance).toBe(50)
    expect(listConfig.onReachBottomDistance).toBe(50)
    expect(searchConfig.onReachBottomDistance).toBe(50)
  })
  test('R9.15 page animation 300 ms with 50 ms delay on H5', () => {
    expect(PAGE_ANIMATION).toEqual({ duration: 300, delay: 50 })
    expect((appConfig as { animation?: unknown }).animation).toEqual({ duration: 300, delay: 50 })
  })
  test('R9.25 a touch is a move past 8 px; a click within 1 s after a touch belongs to it', () => {
    expect(MOVE_THRESHOLD).toBe(8)
    expect(isMove(8, 0)).toBe(false)
    expect(isMove(0, 9)).toBe(true)
    expect(isMove(-9, 0)).toBe(true)
    expect(CLICK_AFTER_TOUCH_MS).toBe(1000)
    expect(isClickOfTouch(1000, 2000)).toBe(true)
    expect(isClickOfTouch(1000, 2001)).toBe(false)
    expect(isClickOfTouch(1000, 999)).toBe(false)
  })
  test('R9.19 loading hides 500 ms before the follow-up; a notify toast calls back after 500 ms', async () => {
    jest.useFakeTimers()
    try {
      expect(FOLLOW_UP_DELAY).toBe(500)
      void showLoading()
      const next = jest.fn(() => 'done')
      const p = hideLoadingThen(next)
      jest.advanceTimersByTime(499)
      expect(next).not.toHaveBeenCalled()
      jest.advanceTimersByTime(1)
      await expect(p).resolves.toBe('done')
      const cb = jest.fn()
      notifyToast('已保存', cb)
      jest.advanceTimersByTime(499)
      expect(cb).not.toHaveBeenCalled()
      jest.advanceTimersByTime(1)
      expect(cb).toHaveBeenCalledTimes(1)
    } finally {
      jest.useRealTimers()
    }
  })
  test('R9.26 subscription templates for live start and lottery win are configuration', () => {
    expect(Object.keys(ENV_DEFAULTS)).toEqual(
      expect.arrayContaining(['TARO_APP_TMPL_LIVE_START', 'TARO_APP_TMPL_LOTTERY_WIN'])
    )
  })
})

describe('package B utility pages', () => {
  test('R2.20 the channel bridge explains that video channels open in the mini-program', async () => {
    routeTo({ finderUserName: 'sph123', feedId: 'f1' })
    const t = new TestUtils()
    await t.mount(ChannelBridge)
    await new Promise((r) => setTimeout(r, 20))
    expect(document.body.textContent).toContain('请在微信小程序中打开视频号')
    t.unmout()
  })
})
