import Taro from '@tarojs/taro'
import { ARTICLE_HOST, follow, linkContext } from '@/router/navigate'
import { COPY_URL_MESSAGE } from '@/router/link'
import { runStartup, setStartupLogin } from '@/router/startup-run'
import { saveRedirect, takeRedirect, REDIRECT_KEY } from '@/router/redirect'

const nextFrame = () => new Promise((r) => setTimeout(r, 0))

describe('acting on links', () => {
  test('R2.36 R8.20 a copied link sets the clipboard and shows the spec modal text', async () => {
    // jsdom has no document.execCommand, which Taro H5's clipboard uses (every browser has it).
    document.execCommand = (() => true) as typeof document.execCommand
    const done = follow({ type: 'copy', url: 'https://elsewhere.test/x' })
    await nextFrame()
    await nextFrame()
    expect(document.querySelector('.taro-modal__text')?.textContent).toBe(COPY_URL_MESSAGE)
    ;(document.querySelector('.taro-modal__foot .taro-model__btn:last-child') as HTMLElement).click()
    await done
    await expect(Taro.getClipboardData()).resolves.toMatchObject({ data: 'https://elsewhere.test/x' })
  })

  test('R2.38 none does nothing', async () => {
    await expect(follow({ type: 'none' })).resolves.toBeUndefined()
  })

  test('R2.35 the link context: the main host comes from the live host, the article host is always whitelisted', () => {
    const ctx = linkContext()
    expect(ctx.inMiniProgram).toBe(false)
    expect(ctx.mainHost).toBe('localhost')
    expect(ctx.whitelist).toContain(ARTICLE_HOST)
    expect(ARTICLE_HOST).toBe('mp.weixin.qq.com')
  })
})

describe('startup', () => {
  beforeEach(() => localStorage.clear())
  test('R2.28 a saved post-login redirect is restored once', () => {
    saveRedirect('/packageA/pages/live/live?roomid=3')
    expect(Taro.getStorageSync(REDIRECT_KEY)).toEqual({ data: '/packageA/pages/live/live?roomid=3' })
    expect(takeRedirect()).toBe('/packageA/pages/live/live?roomid=3')
    expect(takeRedirect()).toBeNull()
  })
  test('R2.26 startup credentials are handed to the session login', async () => {
    const seen: unknown[] = []
    setStartupLogin((login) => {
      seen.push(login)
    })
    const plan = await runStartup({ tokentype: 'weixin', token: 't-1' }, '/m2/')
    expect(plan.login).toEqual({ tokentype: 'weixin', token: 't-1' })
    expect(seen).toEqual([{ tokentype: 'weixin', token: 't-1' }])
  })
})
