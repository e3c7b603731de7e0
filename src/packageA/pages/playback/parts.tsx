import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { AltImage } from '@/components/alt-image'
import type { PlaybackDetail, RelatedPlayback } from '@/api/playback'
import { normalizeStreamer } from '@/api/streamer'
import { buttonProps, linkProps } from '@/platform/a11y'
import { sessionStore } from '@/stores/session'
import { streamerStore } from '@/stores/streamer'
import { formatCount, formatDuration } from '@/utils/format'
import { displayName } from '@/utils/names'
import { stripHtml } from '@/utils/validate'
import { openPage } from '@/router/navigate'
import type { PlaybackStore } from './store'

/** A playback's page: another playback opens in its place (the end screen's next one, 相关推荐), not on top. */
export function openPlayback(id: number) {
  void Taro.redirectTo({ url: `/packageA/pages/playback/playback?id=${id}` })
}

/**
 * The recording's streamer under its title: avatar and name (to the streamer's page), 关注 (login first; R4.25,
 * R4.26 as in the live room) and 分享 (the share sheet).
 */
export const PlaybackStreamer = observer(function PlaybackStreamer({
  detail,
  onShare
}: {
  detail: PlaybackDetail
  onShare: () => void
}) {
  const s = detail.streamer
  const roomId = s?.room_id || detail.room_id
  const follow = streamerStore.followOf(roomId)
  useEffect(() => {
    if (sessionStore.isLoggedIn && roomId) streamerStore.loadFollowState(roomId).catch(() => undefined)
  }, [roomId])
  const name = displayName(s, '主播')
  const toggle = async () => {
    const streamer = normalizeStreamer({ ...(s || {}), id: s?.id ?? 0, room_id: roomId })
    await streamerStore.tapFollow(streamer, roomId).catch(() => null)
  }
  return (
    <View className='playback-streamer'>
      <View
        className='playback-streamer__who'
        {...linkProps()}
        onClick={() => void openPage('streamerDetail', { roomid: roomId })}
      >
        <AltImage className='playback-streamer__avatar' src={s?.avatar || ''} alt={name} />
        <Text className='playback-streamer__name'>{name}</Text>
      </View>
      <Text className='playback-streamer__share' {...buttonProps('分享')} onClick={onShare}>
        分享
      </Text>
      <Text
        className={`playback-streamer__follow${follow.following ? ' playback-streamer__follow--on' : ''}`}
        {...buttonProps(follow.following ? `已关注 ${name}` : `关注 ${name}`)}
        onClick={toggle}
      >
        {follow.following ? '已关注' : '+ 关注'}
      </Text>
    </View>
  )
})

/** A related playback: cover with its length, title, views. */
function RelatedCard({ item, className }: { item: RelatedPlayback; className: string }) {
  const title = stripHtml(item.title)
  return (
    <View className={className} data-playback={item.id} {...linkProps()} onClick={() => openPlayback(item.id)}>
      <View className='related__cover-box'>
        <AltImage className='related__cover' src={item.cover || ''} mode='aspectFill' alt={title} />
        {item.duration ? <Text className='related__duration'>{formatDuration(item.duration)}</Text> : null}
      </View>
      <View className='related__body'>
        <Text className='related__title'>{title}</Text>
        <Text className='related__meta'>{formatCount(item.views || 0)}次观看</Text>
      </View>
    </View>
  )
}

/** 相关推荐 under the recording: the next one first, then the related ones. */
export const RelatedList = observer(function RelatedList({ store }: { store: PlaybackStore }) {
  const items = [...(store.next ? [store.next] : []), ...store.related]
  if (!items.length) return null
  return (
    <View className='related'>
      <Text className='playback__section'>相关推荐</Text>
      {items.map((item) => (
        <RelatedCard key={item.id} item={item} className='related__item' />
      ))}
    </View>
  )
})

/**
 * The end screen over the video once it has played to its end: 重播 (from the start), the next recording with the
 * countdown to its autoplay (取消 stops it; the viewer then opens it with 播放下一个), and a few related ones.
 */
export const EndScreen = observer(function EndScreen({
  store,
  onReplay
}: {
  store: PlaybackStore
  onReplay: () => void
}) {
  if (!store.ended) return null
  const next = store.next
  return (
    <View className='end-screen' role='region' aria-label='播放结束'>
      <View className='end-screen__row'>
        <Text className='end-screen__replay' {...buttonProps('重播')} onClick={onReplay}>
          ↻ 重播
        </Text>
        {next ? (
          <View className='end-screen__next' data-playback={next.id}>
            <Text className='end-screen__label'>
              {store.countdown !== null ? `${store.countdown} 秒后播放下一个` : '下一个'}
            </Text>
            <Text className='end-screen__next-title'>{stripHtml(next.title)}</Text>
            <View className='end-screen__next-actions'>
              <Text
                className='end-screen__play-next'
                {...buttonProps(`播放下一个：${stripHtml(next.title)}`)}
                onClick={() => {
                  store.cancelAutoplay()
                  openPlayback(next.id)
                }}
              >
                播放下一个
              </Text>
              {store.countdown !== null ? (
                <Text
                  className='end-screen__cancel'
                  {...buttonProps('取消自动播放')}
                  onClick={() => store.cancelAutoplay()}
                >
                  取消
                </Text>
              ) : null}
            </View>
          </View>
        ) : null}
      </View>
      {store.related.length ? (
        <View className='end-screen__related'>
          {store.related.slice(0, 3).map((item) => (
            <RelatedCard key={item.id} item={item} className='end-screen__related-item' />
          ))}
        </View>
      ) : null}
    </View>
  )
})
