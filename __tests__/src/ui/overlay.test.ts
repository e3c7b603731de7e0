import Taro from '@tarojs/taro'
import { LABELS, NAV_TOAST_DURATION, TOAST_DURATION, hideAllOverlays, showLoading, showModal, showToast } from '@/ui/overlay'

const nextFrame = () => new Promise((r) => setTimeout(r, 0))

function modalButtons() {
  return Array.from(document.querySelectorAll('.taro-modal__foot .taro-model__btn')) as HTMLElement[]
}

describe('R5.18 dialog helpers (Taro H5 validates, the spec rules hold)', () => {
  afterEach(() => {
    hideAllOverlays()
  })

  test('R8.21 default labels 取消 / 确定 and loading text 加载中', async () => {
    expect(LABELS).toEqual({ cancel: '取消', confirm: '确定', loading: '加载中' })
    const shown = showModal({ title: '提示', content: '内容' })
    await nextFrame()
    expect(modalButtons().map((b) => b.textContent)).toEqual(['取消', '确定'])
    modalButtons()[1].click()
    await expect(shown).resolves.toMatchObject({ confirm: true, cancel: false })
    showLoading()
    await nextFrame()
    expect(document.body.textContent).toContain('加载中')
  })

  test('R9.18 default colours: black for cancel and green for confirm', async () => {
    const shown = Taro.showModal({ title: 't', content: 'c' })
    await nextFrame()
    const [cancel, confirm] = modalButtons()
    expect(cancel.style.color).toBe('rgb(0, 0, 0)')
    expect(confirm.style.color).toBe('rgb(60, 197, 31)')
    cancel.click()
    await expect(shown).resolves.toMatchObject({ cancel: true })
  })

  test('R5.19 R8.18 title, content, button texts and colours must be strings; the failure names the parameter, type and value', async () => {
    for (const [field, bad, typeName] of [
      ['title', 3, 'Number'],
      ['content', null, 'Null'],
      ['cancelText', 1, 'Number'],
      ['confirmText', false, 'Boolean'],
      ['cancelColor', 0, 'Number'],
      ['confirmColor', {}, 'Object']
    ] as const) {
      await expect(showModal({ title: 't', content: 'c', [field]: bad } as unknown as Taro.showModal.Option)).rejects.toMatchObject({
        errMsg: expect.stringContaining(`showModal:fail parameter error: parameter.${field} should be String instead of ${typeName}`)
      })
    }
  })

  test('R5.20 button text may not exceed 4 Chinese characters (8 units)', async () => {
    await expect(showModal({ title: 't', content: 'c', confirmText: '确定确定确' })).rejects.toMatchObject({
      errMsg: expect.stringContaining('confirmText length should not larger then 4 Chinese characters')
    })
    await expect(showModal({ title: 't', content: 'c', cancelText: 'abcdefghi' })).rejects.toMatchObject({
      errMsg: expect.stringContaining('cancelText length should not larger then 4 Chinese characters')
    })
    const ok = showModal({ title: 't', content: 'c', confirmText: '立即购买' })
    await nextFrame()
    modalButtons()[1].click()
    await expect(ok).resolves.toMatchObject({ confirm: true })
  })

  test('R5.21 toast title must be a string and duration a number', async () => {
    await expect(Taro.showToast({ title: 5 as unknown as string })).rejects.toMatchObject({
      errMsg: expect.stringContaining('parameter.title should be String instead of Number')
    })
    await expect(Taro.showToast({ title: 'ok', duration: '1' as unknown as number })).rejects.toMatchObject({
      errMsg: expect.stringContaining('parameter.duration should be Number instead of String')
    })
  })

  test('R8.19 results carry errMsg method:ok', async () => {
    await expect(showToast('好的')).resolves.toMatchObject({ errMsg: 'showToast:ok' })
  })

  test('R9.17 toast durations: 1500 ms generic, 2000 ms in the navigation layer', () => {
    expect(TOAST_DURATION).toBe(1500)
    expect(NAV_TOAST_DURATION).toBe(2000)
  })
})
