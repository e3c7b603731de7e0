import Taro from '@tarojs/taro'

export interface ChannelTarget {
  finderUserName: string
  feedId?: string
}

/** Mini-program: open the video channel's feed, or its live when no feed is given. */
export async function openChannel(target: ChannelTarget): Promise<void> {
  if (!target.finderUserName) throw new Error('视频号参数缺失')
  if (target.feedId) {
    await Taro.openChannelsActivity({ finderUserName: target.finderUserName, feedId: target.feedId })
    return
  }
  await Taro.openChannelsLive({ finderUserName: target.finderUserName })
}
