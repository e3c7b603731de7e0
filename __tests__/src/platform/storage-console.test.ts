import Taro from '@tarojs/taro'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { silenceConsole } from '@/platform/console'

describe('storage', () => {
  beforeEach(() => localStorage.clear())
  test('R3.57 records wrap the value in one field, data', () => {
    setItem('likes', { medias: [1, 2] })
    expect(Taro.getStorageSync('likes')).toEqual({ data: { medias: [1, 2] } })
    expect(getItem('likes')).toEqual({ medias: [1, 2] })
    removeItem('likes')
    expect(getItem('likes')).toBeUndefined()
  })
  test('values stored without the wrapper read as absent', () => {
    Taro.setStorageSync('raw', 'plain')
    expect(getItem('raw')).toBeUndefined()
  })
  test('R5.22 storage keys must be strings (Taro rejects others with the parameter error)', async () => {
    await expect(Taro.setStorage({ key: 42 as unknown as string, data: 1 })).rejects.toMatchObject({
      errMsg: expect.stringMatching(/setStorage:fail parameter error: parameter\.key should be String instead of Number/)
    })
    await expect(Taro.getStorage({ key: {} as unknown as string })).rejects.toMatchObject({
      errMsg: expect.stringMatching(/parameter\.key should be String/)
    })
  })
})

describe('console', () => {
  function fakeConsole() {
    return { log: jest.fn(), info: jest.fn(), debug: jest.fn(), warn: jest.fn(), error: jest.fn() }
  }
  test('R9.27 the console is silenced unless the query has debug', () => {
    const c = fakeConsole()
    expect(silenceConsole({ roomid: '1' }, c)).toBe(true)
    c.log('x')
    c.warn('x')
    c.error('x')
    expect(jest.isMockFunction(c.log)).toBe(false)
  })
  test('R9.27 ?debug keeps the console', () => {
    const c = fakeConsole()
    expect(silenceConsole({ debug: '' }, c)).toBe(false)
    c.log('x')
    expect(c.log).toHaveBeenCalledWith('x')
  })
})
