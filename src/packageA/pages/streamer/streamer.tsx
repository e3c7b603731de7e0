import { View, Text, Button } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import Taro, { usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { RoomPlayback, Streamer } from '@/api/streamer'
import { ApiError, failureText, messageOf } from '@/utils/errors'
import { avatarOf, plainText } from '@/components/streamer-item'
import { ListFoot, ListState } from '@/components/streamer-list-state'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { streamerStore } from '@/stores/streamer'
import { showToast } from '@/ui/overlay'
import { formatCount, formatDuration, formatTime } from '@/utils/format'
import { stripHtml } from '@/utils/validate'
import './streamer.scss'
import { buttonProps, disabledProps, linkProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { withTopBar } from '@/components/top-bar'

const quietly = (p: Promise<unknown>) => p.catch(() => undefined)

/** A failed follow or subscribe: a 401 has already opened the login prompt (R8.4); anything else says why. */
function explain(e: unknown) {
  if (e instanceof ApiError && e.kind === 'auth' && e.code === 401) return
  const msg = failureText(e, '操作失败，请稍后再试')
  void showToast(msg)
}

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
 * start reminder (R4.27), and the room's playbacks.
 */
function StreamerDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const roomid = Number(params.roomid) || 0
  const s = streamerStore
  const [streamer, setStreamer] = useState<Streamer | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = async () => {
    setLoading(true)
    setError(null)
    try {
      const found = await s.findStreamer({ id, roomid })
      setStreamer(found)
      if (found) {
        void setPageTitle(found.nickName || '主播主页')
        void quietly(s.loadStatistics(found.id))
        if (found.roomId) {
          void quietly(s.loadFollowState(found.roomId))
          const list = s.playbacksOf(found.roomId)
          if (list.currentPage === 0) void quietly(list.load())
        }
      }
    } catch (e) {
      setError(messageOf(e, '加载失败'))
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when id, roomid change; what else it reads belongs to those
  }, [id, roomid])

  const playbacks = streamer?.roomId ? s.playbacksOf(streamer.roomId) : null
  useReachBottom(() => {
    if (playbacks) void quietly(playbacks.load())
  })
  usePullDownRefresh(() => {
    const jobs = [load()]
    if (playbacks)
      jobs.push(
        playbacks.load({ reset: true }).then(
          () => undefined,
          () => undefined
        )
      )
    void Promise.all(jobs).finally(() => Taro.stopPullDownRefresh())
  })

  if (!id && !roomid) return <PageState error='缺少主播参数' />
  if (loading && !streamer) return <PageState loading />
  if (error) return <PageState error={error} onRetry={() => void load()} />
  if (!streamer) return <PageState empty emptyText='主播不存在' />

  const known = s.known.get(streamer.id) ?? streamer
  const stats = s.statistics.get(streamer.id)
  const follow = streamer.roomId ? s.followOf(streamer.roomId) : { following: false, subscribed: false }
  const onair = Number(known.onair) === 1
  const avatar = avatarOf(known, 160)

  const toggleFollow = async () => {
    if (busy || !streamer.roomId) return
    setBusy(true)
    try {
      const now = await s.toggleFollow(known)
      void showToast(now ? '关注成功' : '已取消关注')
      void quietly(s.loadStatistics(streamer.id))
    } catch (e) {
      explain(e)
    } finally {
      setBusy(false)
    }
  }

  const subscribe = async () => {
    if (busy || follow.subscribed) return
    setBusy(true)
    try {
      await s.subscribe(streamer.roomId)
      void showToast('订阅成功，开播时将提醒您')
    } catch (e) {
      explain(e)
    } finally {
      setBusy(false)
    }
  }

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
            onClick={() => void toggleFollow()}
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
                void subscribe()
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
