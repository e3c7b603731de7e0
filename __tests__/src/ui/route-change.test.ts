import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'

describe('overlays on route change', () => {
  test('R4.49 toast and loading are hidden when the page route changes', async () => {
    Current.page = { path: '/pages/home/home' } as never
    await Taro.showToast({ title: '提示一下', duration: 100000 })
    const toast = () => document.querySelector('.taro__toast') as HTMLElement | null
    expect(toast()?.style.display).not.toBe('none')
    Current.page = { path: '/packageA/pages/live/live' } as never
    Taro.eventCenter.trigger('__afterTaroRouterChange', {})
    await new Promise((r) => setTimeout(r, 300))
    expect(toast()?.style.display).toBe('none')
  })
})
