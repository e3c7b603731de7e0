import { networkKind, type NetworkKind } from '@/platform/network'
import { showToast } from '@/ui/overlay'

/** The one-time notice of a viewer starting a video on mobile data. */
export const CELLULAR_NOTICE = '正在使用移动网络播放'

let noticed = false
let kind: Promise<NetworkKind> | null = null

/** The network, asked once per app session. */
export function currentNetwork(): Promise<NetworkKind> {
  kind ??= networkKind()
  return kind
}

/** A video starts: on mobile data the viewer is told, once a session. */
export async function noticeCellular(): Promise<void> {
  if (noticed) return
  const k = await currentNetwork()
  if (!k.cellular || noticed) return
  noticed = true
  void showToast(CELLULAR_NOTICE)
}
