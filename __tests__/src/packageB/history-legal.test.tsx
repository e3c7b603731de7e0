/** @jest-environment-options {"url": "http://127.0.0.1/m2/"} */
/*
 * 我的 › 观看历史 and the 用户协议 / 隐私政策 pages of package B, over Taro's H5 components. No router runs under jest:
 * the page's query is set as the router would, and navigation is recorded.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { readFileSync } from 'fs'
import path from 'path'
import HistoryPage from '@/packageB/pages/history/history'
import LegalPage from '@/packageB/pages/legal/legal'
import { savePosition } from '@/packageA/components/player/resume'
import { watchHistory } from '@/stores/watch-history'
import { $, waitFor } from '../support/dom'

let t: TestUtils
beforeEach(() => {
  localStorage.clear()
  watchHistory.load()
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const text = () => document.body.textContent || ''
const tap = (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to tap')
  t.act(() => (el as HTMLElement).click())
}

describe('观看历史 page', () => {
  test('lists each video with its cover, title and progress; 继续观看 opens its page; 删除 one; 清空 asks, then shows the empty state', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    watchHistory.watched({
      id: 'programme:12',
      title: '新闻联播',
      cover: '/c/12.jpg',
      page: 'watch',
      query: { type: 'programme', id: 12, kind: 'tv' }
    })
    watchHistory.watched({
      id: 'playback:5003',
      title: '<b>春季音乐会</b>',
      cover: '/c/5003.jpg',
      page: 'playback',
      query: { id: 5003 }
    })
    savePosition('playback:5003', 21, 60)
    await t.mount(HistoryPage)
    await waitFor(() => document.querySelectorAll('.history-item').length === 2 || null)
    expect(text()).toContain('本机观看记录，仅保存在这台设备上')
    const first = document.querySelector('.history-item')!
    expect(first.querySelector('.history-item__title')?.textContent).toBe('春季音乐会')
    expect(first.querySelector('.history-item__meta')?.textContent).toMatch(/^已看 35% · /)
    expect(first.querySelector('.history-item__image')?.getAttribute('src')).toBe('/c/5003.jpg') // its alt (the title): e2e/history.e2e.ts
    tap(first.querySelector('.history-item__resume'))
    expect(navigateTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ url: '/packageA/pages/playback/playback?id=5003' })
    )
    const second = document.querySelectorAll('.history-item')[1]
    tap(second.querySelector('.history-item__resume'))
    expect(navigateTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ url: '/packageA/pages/watch/watch?type=programme&id=12&kind=tv' })
    )
    // 删除 one
    const remove = second.querySelector('.history-item__remove')!
    expect(remove.getAttribute('aria-label')).toBe('删除「新闻联播」的观看记录')
    tap(remove)
    await waitFor(() => document.querySelectorAll('.history-item').length === 1 || null)
    // 清空: 取消 keeps the list, 清空 empties it
    tap($('.history__clear'))
    await waitFor(() => modal.mock.calls.length === 1 || null)
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '清空观看历史', content: '确定清空本机的全部观看记录吗？', confirmText: '清空' })
    )
    expect(document.querySelectorAll('.history-item').length).toBe(1)
    modal.mockResolvedValue({ confirm: true, cancel: false } as never)
    tap($('.history__clear'))
    await waitFor(() => text().includes('暂无观看记录') || null)
    expect(document.querySelectorAll('.history-item').length).toBe(0)
    expect($('.history__clear')).toBeNull()
    expect(localStorage.getItem('watch_history')).toBeNull()
  })
})

describe('用户协议 and 隐私政策 pages', () => {
  const placeholder = (file: string) =>
    readFileSync(path.resolve(__dirname, '../../../config/legal', file), 'utf8').split('\n')[0]

  test.each([
    ['agreement', '用户协议', 'user-agreement.txt'],
    ['privacy', '隐私政策', 'privacy-policy.txt']
  ])(
    '?doc=%s shows %s: the configured text (the demo’s placeholder), paragraph by paragraph, and its title',
    async (doc, title, file) => {
      const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle')
      Current.router = { params: { doc }, path: '/packageB/pages/legal/legal' } as never
      await t.mount(LegalPage)
      await waitFor(() => $('.legal__para'))
      expect($('.legal__title')?.textContent).toBe(title)
      expect($('.legal__para')?.textContent).toBe(placeholder(file))
      expect(document.querySelectorAll('.legal__para').length).toBeGreaterThan(1)
      expect(setTitle).toHaveBeenCalledWith(expect.objectContaining({ title }))
    }
  )

  test('an unknown document says so', async () => {
    Current.router = { params: { doc: 'x' }, path: '/packageB/pages/legal/legal' } as never
    await t.mount(LegalPage)
    await waitFor(() => text().includes('文档不存在') || null)
  })
})
