import Taro from '@tarojs/taro'

export interface MiniProgramTarget {
  appId?: string
  path?: string
  shortLink?: string
}

/** Mini-program: browsers are not reachable (the link router copies the URL instead). */
export function openExternal(_url: string): void {
  // never reached: resolveLink returns `copy` inside the mini-program
}

export async function openMiniProgram(target: MiniProgramTarget): Promise<void> {
  await Taro.navigateToMiniProgram({ appId: target.appId || '', path: target.path, shortLink: target.shortLink })
}
