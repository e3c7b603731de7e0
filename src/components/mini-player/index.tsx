import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { AltImage } from '@/components/alt-image'
import { buttonProps, hiddenProps, linkProps } from '@/platform/a11y'
import { openPage } from '@/router/navigate'
import { audioPlayer } from '@/stores/audio-player'
import { formatDuration } from '@/utils/format'
import './index.scss'

/**
 * The mini player bar: radio or an audio programme playing in the background, on the pages the viewer moves to (above
 * the tab bar on the tab pages): its cover and title (back to its player page), play/pause and close.
 */
export const MiniPlayer = observer(function MiniPlayer({ above }: { above?: 'tab-bar' }) {
  const p = audioPlayer
  const track = p.track
  if (!track || !p.active) return null
  const busy = p.state === 'playing' || p.state === 'loading' || p.state === 'stalled'
  const sub =
    p.state === 'stalled'
      ? '网络不给力，正在重连…'
      : p.state === 'error'
        ? '播放出错了，点击重试'
        : track.live
          ? `${track.artist} · 直播`
          : `${track.artist} · ${formatDuration(p.position)} / ${formatDuration(p.duration)}`
  return (
    <View className={`mini-player${above ? ' mini-player--above-tabs' : ''}`} data-state={p.state}>
      {track.cover ? (
        <AltImage className='mini-player__cover' src={track.cover} mode='aspectFill' alt='' />
      ) : (
        <View className='mini-player__cover' />
      )}
      <View className='mini-player__body' {...linkProps()} onClick={() => void openPage('watch', { ...track.page })}>
        <Text className='mini-player__title'>{track.title}</Text>
        <Text className='mini-player__sub'>{sub}</Text>
      </View>
      <View className='mini-player__toggle' {...buttonProps(busy ? '暂停' : '播放')} onClick={() => p.toggle()}>
        <Text {...hiddenProps}>{busy ? '❚❚' : '▶'}</Text>
      </View>
      <View className='mini-player__close' {...buttonProps('关闭播放')} onClick={() => p.stop()}>
        <Text {...hiddenProps}>×</Text>
      </View>
    </View>
  )
})
