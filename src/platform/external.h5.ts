import { hostBridge } from './host'
import type { MiniProgramTarget } from './external'

/** Outside the mini-program the browser simply navigates (spec R2.37). */
export function openExternal(url: string): void {
  window.location.href = url
}

/** The broadcaster's app opens mini-programs through its bridge (goWXMini); a plain browser cannot. */
export async function openMiniProgram(target: MiniProgramTarget): Promise<void> {
  const bridge = hostBridge()
  if (!bridge || !target.appId) throw new Error('openMiniProgram:fail not supported')
  await bridge.goOutlink({ userName: target.appId, path: target.path })
}
