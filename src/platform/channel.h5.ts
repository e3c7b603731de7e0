import type { ChannelTarget } from './channel'

/** H5 cannot open a video channel: the messenger only allows it from the mini-program. */
export async function openChannel(target: ChannelTarget): Promise<void> {
  if (!target.finderUserName) throw new Error('视频号参数缺失')
  throw new Error('请在微信小程序中打开视频号')
}
