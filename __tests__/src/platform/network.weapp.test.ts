/*
 * The network on the mini-program target (weapp jest project: `@/platform/network` is network.ts): WeChat's
 * getNetworkType answers, read as the player needs them: mobile data for the one-time notice, 2G and 3G slow.
 */
import Taro from '@tarojs/taro'
import { kindOf, networkKind } from '@/platform/network'

test('wifi, 4g, 3g, 2g, none and unknown as WeChat names them', () => {
  expect(kindOf('wifi')).toEqual({ cellular: false, slow: false })
  expect(kindOf('4g')).toEqual({ cellular: true, slow: false })
  expect(kindOf('5g')).toEqual({ cellular: true, slow: false })
  expect(kindOf('3g')).toEqual({ cellular: true, slow: true })
  expect(kindOf('2g')).toEqual({ cellular: true, slow: true })
  expect(kindOf('none')).toEqual({ cellular: false, slow: false })
  expect(kindOf('unknown')).toEqual({ cellular: false, slow: false })
})

test('getNetworkType is asked; a failure is taken as Wi-Fi (no notice)', async () => {
  const spy = jest
    .spyOn(Taro, 'getNetworkType')
    .mockResolvedValueOnce({ networkType: '3g', errMsg: 'getNetworkType:ok' } as never)
  expect(await networkKind()).toEqual({ cellular: true, slow: true })
  spy.mockRejectedValueOnce(new Error('getNetworkType:fail'))
  expect(await networkKind()).toEqual({ cellular: false, slow: false })
  spy.mockRestore()
})
