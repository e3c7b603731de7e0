/*
 * The project's dialog helpers on H5 (src/ui/overlay.ts over Taro's H5 modal and toast): their own parameter
 * checks (the same code runs in the mini-program, where WeChat checks nothing; overlay.weapp.test.ts), the spec's
 * defaults as drawn in the page, and the toast durations as the toast actually hides.
 */
import Taro from '@tarojs/taro'
import { LABELS, hideAllOverlays, navToast, shareToast, showLoading, showModal, showToast } from '@/ui/overlay'
import { $, $$, waitFor } from '../support/dom'

const nextFrame = () => new Promise((r) => setTimeout(r, 0))
const modalButtons = () => $$('.taro__modal .taro-modal__foot .taro-model__btn')
const modalShown = () => {
  const el = $('.taro__modal')
  return !!el && el.style.display !== 'none'
}
const toastEl = () => $('.taro__toast')

afterEach(async () => {
  hideAllOverlays()
  jest.restoreAllMocks()
  await waitFor(() => !modalShown()) // Taro's modal fades out before it is hidden
})

describe('R5.18 dialog helpers: defaults', () => {
  test('R8.21 the modal reads 取消 / 确定 and the loading overlay 加载中', async () => {
    const shown = showModal({ title: '提示', content: '内容' })
    await waitFor(() => modalShown())
    expect(modalButtons().map((b) => b.textContent)).toEqual(['取消', '确定'])
    modalButtons()[1].click()
    await expect(shown).resolves.toEqual({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    await showLoading()
    expect(toastEl()?.textContent).toBe(LABELS.loading)
    expect(LABELS.loading).toBe('加载中')
  })

  test('R9.18 default colours: black cancel, green confirm; the modal fades over 0.2 s', async () => {
    const shown = showModal({ title: 't', content: 'c' })
    await waitFor(() => modalShown())
    const [cancel, confirm] = modalButtons()
    expect(cancel.style.color).toBe('rgb(0, 0, 0)')
    expect(confirm.style.color).toBe('rgb(60, 197, 31)')
    expect($('.taro__modal')?.style.transition).toBe('opacity 0.2s linear')
    cancel.click()
    await expect(shown).resolves.toMatchObject({ confirm: false, cancel: true })
  })

  test('R8.19 results carry errMsg method:ok', async () => {
    await expect(showToast('好的')).resolves.toMatchObject({ errMsg: 'showToast:ok' })
    await expect(showLoading()).resolves.toMatchObject({ errMsg: 'showLoading:ok' })
  })
})

describe('R5.18 dialog helpers: the project checks the parameters itself', () => {
  test('R5.19 R8.18 R8.19 title, content, button texts and colours must be strings; the failure names the parameter, the type and the value', async () => {
    const taroModal = jest.spyOn(Taro, 'showModal')
    for (const [field, bad, expected] of [
      ['title', 3, 'Number (3)'],
      ['content', null, 'Null (null)'],
      ['cancelText', 1, 'Number (1)'],
      ['confirmText', false, 'Boolean (false)'],
      ['cancelColor', 0, 'Number (0)'],
      ['confirmColor', {}, 'Object ({})']
    ] as const) {
      await expect(showModal({ title: 't', content: 'c', [field]: bad })).rejects.toMatchObject({
        errMsg: `showModal:fail parameter error: parameter.${field} should be String instead of ${expected}`
      })
    }
    expect(taroModal).not.toHaveBeenCalled()
    expect(modalShown()).toBe(false)
  })

  test('R5.20 a button text may not exceed 8 units, a Chinese character counting 2 (4 Chinese characters)', async () => {
    await expect(showModal({ title: 't', content: 'c', confirmText: '确定确定确' })).rejects.toMatchObject({
      errMsg:
        'showModal:fail parameter error: parameter.confirmText length should not be larger than 4 Chinese characters ("确定确定确")'
    })
    await expect(showModal({ title: 't', content: 'c', cancelText: 'abcdefghi' })).rejects.toMatchObject({
      errMsg:
        'showModal:fail parameter error: parameter.cancelText length should not be larger than 4 Chinese characters ("abcdefghi")'
    })
    await expect(showModal({ title: 't', content: 'c', cancelText: '取消a1234' })).rejects.toMatchObject({
      errMsg: expect.stringContaining('cancelText length should not be larger than 4 Chinese characters')
    })
    expect(modalShown()).toBe(false)
    for (const text of ['立即购买', 'abcdefgh', '去充值ab']) {
      const ok = showModal({ title: 't', content: 'c', confirmText: text })
      await waitFor(() => modalShown())
      expect(modalButtons()[1].textContent).toBe(text)
      modalButtons()[1].click()
      await expect(ok).resolves.toMatchObject({ confirm: true })
      await waitFor(() => !modalShown())
    }
  })

  test('R1.25 a colour is a 6-digit hex with a leading #', async () => {
    for (const bad of ['#fff', 'red', '3CC51F', '#3CC51FF']) {
      await expect(showModal({ title: 't', content: 'c', confirmColor: bad })).rejects.toMatchObject({
        errMsg: `showModal:fail parameter error: parameter.confirmColor should be a 6-digit hex colour with # instead of "${bad}"`
      })
    }
    const ok = showModal({ title: 't', content: 'c', cancelColor: '#ff8300' })
    await waitFor(() => modalShown())
    expect(modalButtons()[0].style.color).toBe('rgb(255, 131, 0)')
    modalButtons()[0].click()
    await expect(ok).resolves.toMatchObject({ cancel: true })
  })

  test('R5.21 R8.18 the toast title must be a string and the duration a number', async () => {
    const taroToast = jest.spyOn(Taro, 'showToast')
    await expect(showToast(5 as never)).rejects.toMatchObject({
      errMsg: 'showToast:fail parameter error: parameter.title should be String instead of Number (5)'
    })
    await expect(showToast('ok', { duration: '1' as never })).rejects.toMatchObject({
      errMsg: 'showToast:fail parameter error: parameter.duration should be Number instead of String ("1")'
    })
    await expect(showLoading(7 as never)).rejects.toMatchObject({
      errMsg: 'showLoading:fail parameter error: parameter.title should be String instead of Number (7)'
    })
    expect(taroToast).not.toHaveBeenCalled()
  })
})

describe('R9.17 toast durations', () => {
  /** ms from the call until the toast starts fading, and until it is fully hidden. */
  async function timing(show: () => Promise<unknown>) {
    jest.useFakeTimers()
    try {
      void show()
      await Promise.resolve()
      jest.advanceTimersByTime(1)
      const el = toastEl()!
      expect(el.style.opacity).toBe('1')
      let fade = 0
      while (el.style.opacity === '1' && fade < 10000) {
        jest.advanceTimersByTime(10)
        fade += 10
      }
      let hidden = 0
      while (el.style.display !== 'none' && hidden < 1000) {
        jest.advanceTimersByTime(10)
        hidden += 10
      }
      return { fade, hidden, transition: el.style.transition }
    } finally {
      jest.useRealTimers()
    }
  }

  test('R9.17 1500 ms generic, 2000 ms in the navigation layer, 3 s for a share; fade 0.1 s, hidden 100 ms later', async () => {
    await nextFrame()
    const generic = await timing(() => showToast('已保存'))
    expect(generic.fade).toBe(1500)
    expect(generic.hidden).toBe(100)
    expect(generic.transition).toBe('opacity 0.1s linear')
    expect((await timing(() => navToast('无法打开该小程序'))).fade).toBe(2000)
    expect((await timing(() => shareToast('海报已生成'))).fade).toBe(3000)
  })

  test('R9.17 the navigation layer shows no icon', async () => {
    const taroToast = jest.spyOn(Taro, 'showToast')
    await navToast('无法打开该小程序')
    expect(taroToast).toHaveBeenCalledWith(expect.objectContaining({ icon: 'none', duration: 2000 }))
  })
})
