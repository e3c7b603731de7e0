import { isIOS } from '@/platform/kinds'

type MotionPermission = { requestPermission?: () => Promise<'granted' | 'denied'> }

/** H5: a shake needs device-motion events; motion.ts is the mini-program's accelerometer. */
export function shakeOffered(): boolean {
  return typeof window !== 'undefined' && 'DeviceMotionEvent' in window
}

/**
 * Listen for shakes. R6.6: on iOS the device-motion permission is asked first (Safari allows it only inside a tap,
 * so this must be the tap's first call). Resolves the stop function, or null when the permission was refused.
 */
export async function startShake(onShake: () => void): Promise<(() => void) | null> {
  const Motion = (window as unknown as { DeviceMotionEvent?: MotionPermission }).DeviceMotionEvent
  if (isIOS(navigator.userAgent) && typeof Motion?.requestPermission === 'function') {
    const answer = await Motion.requestPermission().catch(() => 'denied' as const)
    if (answer !== 'granted') return null
  }
  let last = 0
  const listener = (e: DeviceMotionEvent) => {
    const a = e.accelerationIncludingGravity
    if (!a) return
    const force = Math.abs(a.x ?? 0) + Math.abs(a.y ?? 0) + Math.abs(a.z ?? 0)
    if (force > 30 && Date.now() - last > 600) {
      last = Date.now()
      onShake()
    }
  }
  window.addEventListener('devicemotion', listener)
  return () => window.removeEventListener('devicemotion', listener)
}
