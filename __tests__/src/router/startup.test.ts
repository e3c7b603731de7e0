import { isHomePath, planStartup, plainLinkParams, roomIdOf, sceneParams } from '@/router/startup'
import { MAX_STACK_DEPTH, navigationMethod } from '@/router/depth'

const EXT = 'http://127.0.0.1:8080/activity/preview-1473'

describe('startup query', () => {
  test('R2.23 page must be a known page key', () => {
    expect(planStartup({ page: 'search' }, '/m2/', EXT).page).toBe('search')
    expect(planStartup({ page: 'hubin' }, '/m2/', EXT).page).toBe('hubin')
    expect(planStartup({ page: 'binhu717' }, '/m2/', EXT).page).toBe('hubin')
    expect(planStartup({ page: 'hackme' }, '/m2/', EXT).page).toBeNull()
  })
  test('R2.24 roomid without page on a home-type path means the live room', () => {
    expect(planStartup({ roomid: '12' }, 'pages/home/home', EXT)).toMatchObject({
      page: 'live',
      query: { roomid: '12' }
    })
    expect(planStartup({ roomid: '12' }, '/m2/', EXT).page).toBe('live')
    expect(planStartup({ roomid: '12' }, 'pages/media/media', EXT).page).toBeNull()
    expect(planStartup({ roomid: '12', page: 'hackme' }, '/m2/', EXT).page).toBeNull()
  })
  test('R2.25 id is passed to the page', () => {
    expect(planStartup({ page: 'playback', id: '9' }, '/', EXT)).toMatchObject({ page: 'playback', query: { id: '9' } })
  })
  test('R2.26 tokentype and token are handed over to log in', () => {
    expect(planStartup({ tokentype: 'wifi', token: 'abc' }, '/', EXT).login).toEqual({
      tokentype: 'wifi',
      token: 'abc'
    })
    expect(planStartup({ token: 'abc' }, '/', EXT).login).toBeNull()
  })
  test('R2.27 preview 1473 redirects to the external activity page', () => {
    expect(planStartup({ page: 'preview', id: '1473' }, '/', EXT)).toMatchObject({ page: null, external: EXT })
    expect(planStartup({ page: 'preview', id: '1474' }, '/', EXT)).toMatchObject({ page: 'preview', external: null })
  })
  test('home-type paths', () => {
    for (const p of ['', '/', '/m2/', 'pages/home/home', '/m2/pages/home/home']) expect(isHomePath(p)).toBe(true)
    expect(isHomePath('/m2/packageA/pages/live/live')).toBe(false)
  })
})

describe('navigation depth', () => {
  test('R2.40 R9.12 a stack deeper than 9 replaces instead of pushing', () => {
    expect(MAX_STACK_DEPTH).toBe(9)
    expect(navigationMethod(false, 1)).toBe('navigateTo')
    expect(navigationMethod(false, 9)).toBe('navigateTo')
    expect(navigationMethod(false, 10)).toBe('redirectTo')
  })
  test('R2.6 tab pages are opened by switching tab', () => {
    expect(navigationMethod(true, 1)).toBe('switchTab')
    expect(navigationMethod(true, 12)).toBe('switchTab')
  })
})

describe('codes that open the app (R7.39: a mini-program code’s scene, a plain-link QR code’s q)', () => {
  test('R7.39 R2.24 a mini-program code’s scene (percent-encoded, as WeChat hands it) names the room', () => {
    expect(sceneParams('roomid%3D496')).toEqual({ roomid: '496' })
    expect(sceneParams('roomid=496')).toEqual({ roomid: '496' })
    expect(planStartup({ scene: 'roomid%3D496' }, 'pages/home/home', EXT)).toMatchObject({
      page: 'live',
      query: { roomid: '496' }
    })
    // on the page the code names, that page reads its scene itself
    expect(planStartup({ scene: 'roomid%3D496' }, 'packageA/pages/live/live', EXT).page).toBeNull()
    expect(roomIdOf({ scene: 'roomid%3D496' })).toBe(496)
    expect(roomIdOf({ roomid: '12', scene: 'roomid%3D496' })).toBe(12)
    expect(roomIdOf({ scene: 'bad%E0%A4%A' })).toBe(0)
  })
  test('R7.39 R2.23 a plain-link QR code’s q: the link’s page and parameters, never the link itself or a login', () => {
    const q = encodeURIComponent('https://live.example.com/m2/packageA/pages/live/live?roomid=496')
    expect(plainLinkParams(q)).toEqual({ page: 'live', roomid: '496' })
    expect(planStartup({ q, scancode_time: '1700000000' }, 'pages/home/home', EXT)).toMatchObject({
      page: 'live',
      query: { roomid: '496' },
      external: null
    })
    expect(plainLinkParams(encodeURIComponent('https://live.example.com/m2/?roomid=7'))).toEqual({ roomid: '7' })
    expect(plainLinkParams(encodeURIComponent('https://live.example.com/m2/#/?page=playback&id=9'))).toEqual({
      page: 'playback',
      id: '9'
    })
    const withToken = encodeURIComponent('https://live.example.com/m2/?roomid=7&tokentype=app&token=abc')
    expect(planStartup({ q: withToken }, 'pages/home/home', EXT).login).toBeNull()
    expect(roomIdOf({ q })).toBe(496)
  })
})
