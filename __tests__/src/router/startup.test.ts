import { isHomePath, planStartup } from '@/router/startup'
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
