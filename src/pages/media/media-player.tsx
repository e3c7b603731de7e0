import { View, Text, Video } from '@tarojs/components'
import './media-player.scss'
import { buttonProps } from '@/platform/a11y'

export interface NowPlaying {
  title: string
  src: string
  poster?: string
  live?: boolean
}

/**
 * The 视听 tab's player: Taro's <Video> (the mini-program's native video plays HLS; on H5 Taro loads hls.js for
 * .m3u8). Kept small and in the main package: the live room's player lives in package A.
 */
export function MediaPlayer({ playing, onClose }: { playing: NowPlaying; onClose: () => void }) {
  return (
    <View className='media-player'>
      <Video
        className='media-player__video'
        src={playing.src}
        poster={playing.poster}
        autoplay
        controls
        showProgress={!playing.live}
        objectFit='contain'
      />
      <View className='media-player__bar'>
        {playing.live && <Text className='media-player__live'>直播</Text>}
        <Text className='media-player__title'>{playing.title}</Text>
        <Text className='media-player__close' {...buttonProps()} onClick={onClose}>
          关闭
        </Text>
      </View>
    </View>
  )
}
