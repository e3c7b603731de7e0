import { View, Text, Button } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import Taro, { usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import type { RoomPlayback } from '@/api/streamer'
import { avatarOf, plainText } from '@/components/streamer-item'
import { ListFoot } from '@/components/list-foot'
import { ListState } from '@/components/list-state'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { streamerStore } from '@/stores/streamer'
import { formatCount, formatDuration, formatTime } from '@/utils/format'
import { stripHtml } from '@/utils/validate'
import './streamer.scss'
import { buttonProps, disabledProps, linkProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { withTopBar } from '@/components/top-bar'
import { StreamerDetailStore } from './store'
import { quietly } from '@/utils/errors'

function PlaybackRow({ item }: { item: RoomPlayback }) {
  return (
    <View
      className='streamer-detail__playback'
      data-playback={item.id}
      {...linkProps()}
      onClick={() => openPage('playback', { id: item.id })}
    >
      <View className='streamer-detail__playback-cover'>
        {item.cover && (
          <AltImage
            className='streamer-detail__playback-img'
            src={item.cover}
            mode='aspectFill'
            lazyLoad
            alt={stripHtml(item.title)}
          />
        )}
        {item.duration ? <Text className='streamer-detail__playback-time'>{formatDuration(item.duration)}</Text> : null}
      </View>
      <View className='streamer-detail__playback-body'>
        <Text className='streamer-detail__playback-title'>{stripHtml(item.title)}</Text>
        <Text className='streamer-detail__playback-sub'>
          {formatCount(item.views || 0)}次观看{item.time ? ` · ${formatTime(item.time, 'YYYY-MM-DD')}` : ''}
        </Text>
      </View>
    </View>
  )
}

/**
 * 主播主页 (spec R2.13; query id or roomid): avatar, name, description, popularity from the statistics service
 * (R7.44), fans, follow (R4.25, R4.26; a 401 opens the login prompt, R8.4), the room with its on-air badge and a
 * start reminder (R4.27), and the room's playbacks. Its state is the page's StreamerDetailStore (./store.ts).
 */
function StreamerDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const roomid = Number(params.roomid) || 0
  const store = useMemo(() => new StreamerDetailStore(id, roomid), [id, roomid])
  useEffect(() => {
    if (!store.missing) void store.load()
  }, [store])
  const found = store.streamer
  useEffect(() => {
    if (found) void setPageTitle(found.nickName || '主播主页')
  }, [found])
  useReachBottom(() => {
    if (store.playbacks) void quietly(store.playbacks.load())
  })
  usePullDownRefresh(() => {
    void store.refresh().finally(() => Taro.stopPullDownRefresh())
  })

  const { streamer, known, playbacks, busy } = store
  if (store.missing) return <PageState error='缺少主播参数' />
  if (store.loading && !streamer) return <PageState loading />
  if (store.error) return <PageState error={store.error} onRetry={() => void store.load()} />
  if (!streamer || !known) return <PageState empty emptyText='主播不存在' />

  const stats = streamerStore.statistics.get(streamer.id)
  const follow = streamer.roomId ? streamerStore.followOf(streamer.roomId) : { following: false, subscribed: false }
  const onair = Number(known.onair) === 1
  const avatar = avatarOf(known, 160)

  return (
    <View className='page streamer-detail'>
      <View className='streamer-detail__head'>
        <View className='streamer-detail__avatar'>
          {avatar ? (
            <AltImage className='streamer-detail__avatar-img' src={avatar} mode='aspectFill' alt={known.nickName} />
          ) : (
            <Text className='streamer-detail__avatar-ph'>{known.nickName.slice(0, 1)}</Text>
          )}
        </View>
        <Text className='streamer-detail__name'>{known.nickName}</Text>
        <Text className='streamer-detail__desc'>{plainText(known.description) || '这个主播很懒，还没有简介'}</Text>
        <View className='streamer-detail__stats'>
          <View className='streamer-detail__stat'>
            <Text className='streamer-detail__stat-num' data-stat='popularity'>
              {formatCount(stats?.popularity ?? known.popularity ?? 0)}
            </Text>
            <Text className='streamer-detail__stat-label'>人气</Text>
          </View>
          <View className='streamer-detail__stat'>
            <Text className='streamer-detail__stat-num' data-stat='fans'>
              {formatCount(stats?.fans ?? known.fans ?? 0)}
            </Text>
            <Text className='streamer-detail__stat-label'>粉丝</Text>
          </View>
          {stats?.likes !== undefined && (
            <View className='streamer-detail__stat'>
              <Text className='streamer-detail__stat-num'>{formatCount(stats.likes)}</Text>
              <Text className='streamer-detail__stat-label'>获赞</Text>
            </View>
          )}
        </View>
        {streamer.roomId ? (
          <Button
            className={`streamer-detail__follow${follow.following ? ' streamer-detail__follow--on' : ''}`}
            disabled={busy}
            {...disabledProps(busy)}
            onClick={() => void store.toggleFollow()}
          >
            {follow.following ? '已关注' : '+ 关注'}
          </Button>
        ) : null}
      </View>

      {streamer.roomId ? (
        <View
          className='streamer-detail__room'
          data-room={streamer.roomId}
          {...linkProps()}
          onClick={() => openPage('live', { roomid: streamer.roomId })}
        >
          <Text className={`streamer-detail__badge${onair ? ' streamer-detail__badge--live' : ''}`}>
            {onair ? '直播中' : '未开播'}
          </Text>
          <Text className='streamer-detail__room-title'>TA的直播间</Text>
          {!onair && (
            <Text
              className={`streamer-detail__remind${follow.subscribed ? ' streamer-detail__remind--on' : ''}`}
              {...buttonProps()}
              onClick={(e) => {
                e.stopPropagation()
                void store.subscribe()
              }}
            >
              {follow.subscribed ? '已订阅' : '开播提醒'}
            </Text>
          )}
          <Text className='streamer-detail__arrow'>进入 ›</Text>
        </View>
      ) : null}

      <Text className='streamer-detail__section'>TA的回放</Text>
      {playbacks ? (
        <View>
          {playbacks.list.map((p) => (
            <PlaybackRow key={p.id} item={p} />
          ))}
          <ListState list={playbacks} emptyText='还没有回放' />
          <ListFoot list={playbacks} />
        </View>
      ) : (
        <PageState empty emptyText='还没有回放' />
      )}
    </View>
  )
}

export default withTopBar(observer(StreamerDetailPage))
