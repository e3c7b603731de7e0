/**
 * The mini-program's link router (the same src/router/link.ts, with core-js's URL parser as in WeChat's runtime): the
 * home menu's links, absolute on the main live host, open the app's own pages, with or without /m2/ and by the H5
 * short paths; another path of the host still opens in the web-view page.
 */
import Taro from '@tarojs/taro'
import { resolveLink } from '@/router/link'
import { linkContext, openLink } from '@/router/navigate'
import { roomKey, rememberRoomKey } from '@/core/room-access'

const main = 'http://127.0.0.1:8080'

test('R2.41 the home menu’s main-host links open their pages in the mini-program, not the web view', () => {
  const ctx = linkContext()
  expect(ctx.inMiniProgram).toBe(true)
  const cases: Array<[string, string, Record<string, string>]> = [
    ['/m2/pages/list/list?type=live', 'list', { type: 'live' }],
    ['/m2/packageA/featured/wuxilcb/wuxilcb', 'wuxilcb', {}],
    ['/m2/packageB/pages/album/album?id=1', 'album', { id: '1' }],
    ['/m2/packageA/pages/timeline/timeline?id=1', 'timeline', { id: '1' }],
    ['/m2/packageB/pages/deposit/deposit', 'deposit', {}],
    ['/pages/list/list?type=event', 'list', { type: 'event' }],
    ['/m2/live?roomid=301', 'live', { roomid: '301' }]
  ]
  for (const [path, page, query] of cases)
    expect(resolveLink(`${main}${path}`, ctx)).toEqual({ type: 'page', page, query })
  expect(resolveLink(`${main}/activity/lottery-records`, ctx)).toEqual({
    type: 'webview',
    url: `${main}/activity/lottery-records`
  })
})

test('R2.41 R2.40 following a menu link navigates to the page itself', async () => {
  const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/home/home' }] as never)
  await openLink(`${main}/m2/packageB/pages/album/album?id=1`)
  expect(navigate).toHaveBeenCalledWith({ url: '/packageB/pages/album/album?id=1' })
  jest.restoreAllMocks()
})

test('R3.9 a password room’s key is kept for the app’s run', () => {
  rememberRoomKey(309, 'k'.repeat(32))
  expect(roomKey(309)).toBe('k'.repeat(32))
  expect(roomKey(322)).toBeUndefined()
})
