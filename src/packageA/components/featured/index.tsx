import { View, Text, ScrollView } from '@tarojs/components'
import { useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { RoomItem } from '@/api/home'
import { fetchLiveRooms } from '@/api/home'
import { fetchRoomsByIds } from '@/api/live'
import { settle } from '@/core/call'
import { PageState } from '@/components/page-state'
import { ChatPanel, DanmakuLayer, FullscreenChatBox } from '@/packageA/components/danmaku'
import { Player } from '@/packageA/components/player'
import { FullscreenOnly } from '@/packageA/components/player/context'
import { roomPhase } from '@/packageA/components/player/play-state'
import { PhaseCard, roomShare } from '@/packageA/components/room'
import { liveStore } from '@/stores/live'
import { PAGE_SIZE } from '@/stores/paged-list'
import { formatCount } from '@/utils/format'
import { FEATURED, featuredPopularity, interactionRoomOf } from './config'
import type { FeaturedKey } from '@/router/pages'
import './index.scss'
import { buttonProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'

async function roomsOf(key: FeaturedKey): Promise<RoomItem[]> {
  const cfg = FEATURED[key]
  if (cfg.roomIds) {
    const { data: page } = await settle(fetchRoomsByIds(cfg.roomIds, PAGE_SIZE.liveRooms))
    const list = page ? page.list : []
    return cfg.roomIds.map((id) => list.find((r) => r.id === id)).filter((r): r is RoomItem => !!r)
  }
  const { data: page } = await settle(fetchLiveRooms({ page: 1, count: PAGE_SIZE.liveRooms, tag: cfg.tagId }))
  return page ? page.list : []
}

/** A featured slow-live page: the camera switcher, the current camera, popularity and the interaction room's chat. */
export const FeaturedPage = observer(function FeaturedPage({ page }: { page: FeaturedKey }) {
  const cfg = FEATURED[page]
  const [rooms, setRooms] = useState<RoomItem[] | null>(null)
  const [current, setCurrent] = useState(cfg.defaultRoom)
  useEffect(() => {
    void setPageTitle(cfg.title)
    void roomsOf(page).then(setRooms)
    void liveStore.loadRoom(cfg.primaryRoom)
    void liveStore.loadStats(cfg.primaryRoom)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when page changes; what else it reads belongs to those
  }, [page])
  useEffect(() => {
    liveStore.setCurrentRoom(current)
    if (!liveStore.roomsData[current]) void liveStore.loadRoom(current)
  }, [current])
  const room = liveStore.roomsData[current]
  useShareAppMessage(() =>
    room ? { ...roomShare(room), title: cfg.title, path: `/packageA/featured/${page}/${page}` } : { title: cfg.title }
  )
  if (rooms === null) return <PageState loading />
  if (rooms.length === 0) return <PageState empty emptyText='暂无慢直播' />
  const interaction = interactionRoomOf(
    cfg,
    rooms.map((r) => r.id)
  )
  const popularity = featuredPopularity(cfg, liveStore.stats[cfg.primaryRoom]?.likes)
  const phase = room ? roomPhase(room) : null
  return (
    <View className='featured'>
      <View className='featured__stage'>
        {!room ? (
          <PageState loading />
        ) : phase === 'live' ? (
          <Player
            src={room.source || ''}
            poster={room.cover}
            live
            orientation={room.orientation === 'portrait' ? 'portrait' : 'landscape'}
            danmaku
          >
            <DanmakuLayer roomId={interaction} />
            <FullscreenOnly>
              <View className='featured__fs-bar'>
                <FullscreenChatBox roomId={interaction} />
              </View>
            </FullscreenOnly>
          </Player>
        ) : (
          <>
            <PhaseCard room={room} phase={phase as 'not-started' | 'ended'} />
            <DanmakuLayer roomId={interaction} />
          </>
        )}
      </View>
      <View className='featured__head'>
        <Text className='featured__title'>{room?.title || cfg.title}</Text>
        <Text className='featured__pop'>热度 {formatCount(popularity)}</Text>
      </View>
      <ScrollView scrollX className='featured__cams'>
        {rooms.map((r) => (
          <View
            key={r.id}
            data-room={r.id}
            className={`featured__cam${r.id === current ? ' featured__cam--on' : ''}`}
            {...buttonProps()}
            onClick={() => setCurrent(r.id)}
          >
            <Text className='featured__cam-title'>{r.title}</Text>
            <Text className='featured__cam-state'>{r.onair === 1 ? '直播中' : '未开播'}</Text>
          </View>
        ))}
      </ScrollView>
      <View className='featured__chat'>
        <ChatPanel roomId={interaction} />
      </View>
    </View>
  )
})
