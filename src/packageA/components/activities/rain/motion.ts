import Taro from '@tarojs/taro'

/** Mini-program: the accelerometer needs no permission (motion.h5.ts asks iOS Safari's device-motion permission). */
export function shakeOffered(): boolean {
  return typeof Taro.onAccelerometerChange === 'function'
}

export async function startShake(onShake: () => void): Promise<(() => void) | null> {
  let last = 0
  const listener = (a: { x: number; y: number; z: number }) => {
    if (Math.abs(a.x) + Math.abs(a.y) + Math.abs(a.z) > 3 && Date.now() - last > 600) {
      last = Date.now()
      onShake()
    }
  }
  Taro.onAccelerometerChange(listener)
  await Taro.startAccelerometer({ interval: 'game' }).catch(() => undefined)
  return () => {
    Taro.offAccelerometerChange(listener)
    void Taro.stopAccelerometer().catch(() => undefined)
  }
}
