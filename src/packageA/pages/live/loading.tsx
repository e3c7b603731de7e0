import { Text, View } from '@tarojs/components'
import './loading.scss'

/**
 * The mini-program's live room before its info arrives, laid out as the room will be: the player's black box, the
 * title and topic as grey bars, the chat tab and 加载中 below it. It is also the page's pre-rendered first screen
 * (config/index.ts, mini.prerender), which WeChat draws before any script of the page has run. H5 keeps its loading
 * state (loading.h5.tsx): there the reference server's first screen covers the page until the room is up.
 */
export function LiveLoading() {
  return (
    <View className='live live--landscape live-loading' aria-busy>
      <View className='live__stage' />
      <View className='live-loading__title'>
        <View className='live-loading__bar live-loading__bar--title' />
        <View className='live-loading__bar live-loading__bar--topic' />
      </View>
      <View className='live-loading__tabs'>
        <Text className='live-loading__tab'>聊天</Text>
      </View>
      <View className='live-loading__panel'>
        <Text className='live-loading__text'>加载中</Text>
      </View>
    </View>
  )
}
