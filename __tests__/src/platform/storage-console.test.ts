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
  test('R5.22 R8.18 R8.19 storage keys must be strings: the helpers throw the parameter error and store nothing', () => {
    const thrown = (call: () => unknown) => {
      try {
        call()
      } catch (err) {
        return err
      }
      throw new Error('did not throw')
    }
    expect(thrown(() => setItem(42 as never, 1))).toMatchObject({
      errMsg: 'setItem:fail parameter error: parameter.key should be String instead of Number (42)'
    })
    expect(thrown(() => getItem({} as never))).toMatchObject({
      errMsg: 'getItem:fail parameter error: parameter.key should be String instead of Object ({})'
    })
    expect(thrown(() => removeItem(null as never))).toMatchObject({
      errMsg: 'removeItem:fail parameter error: parameter.key should be String instead of Null (null)'
    })
    expect(localStorage.length).toBe(0)
    setItem('42', 1)
    expect(getItem('42')).toBe(1)
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
