import { View, Text, ScrollView } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { Banner } from '@/components/banner'
import { useReachBottom, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { Notice, PlaybackItem, RoomItem, Slide, TeaserItem } from '@/api/home'
import { EventCard, PlaybackCard, RoomCard, SectionHeader } from '@/components/cards'
import { NavBar } from '@/components/nav-bar'
import { PageState } from '@/components/page-state'
import { PullRefresh } from '@/components/pull-refresh'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { Ticker } from '@/components/ticker'
import { useTab } from '@/hooks/use-tab'
import { useStaged } from '@/hooks/use-staged'
import { env } from '@/env'
import { openLink, openPage } from '@/router/navigate'
import { showToast } from '@/ui/overlay'
import { defaultShareTitle } from '@/share'
import { homeStore } from '@/stores/home'
import { formatCount } from '@/utils/format'
import './home.scss'
import { displayName } from '@/utils/names'
import { ListFoot } from '@/components/list-foot'
import { ListState } from '@/components/list-state'
import { linkProps } from '@/platform/a11y'
import { useFirstScreenUntil } from '@/hooks/use-first-screen'
import { NearViewport } from '@/components/near-viewport'

const openRoom = (r: RoomItem) => openPage('live', { roomid: r.id })
const openPlayback = (p: PlaybackItem) => openPage('playback', { id: p.id })
const openEvent = (t: TeaserItem) => openPage('preview', { id: t.id })

/** 直播 tab: slides, menu, notices, live rooms, streamers, playbacks, channels and events (spec R2.42). */
function HomePage() {
  useTab('home')
  const s = homeStore
  useEffect(() => {
    void s.refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  const more = () => {
    s.loadList('liveRooms').catch(() => undefined)
  }
  // H5: the page scrolls; the mini-program scrolls inside the pull-down's scroll-view (src/components/pull-refresh)
  useReachBottom(more)
  useShareAppMessage(() => ({ title: defaultShareTitle(), path: '/pages/home/home' }))
  const rooms = s.liveRooms
  const firstLoad = !s.indexLoaded && rooms.empty
  // loading until the index and the slides have answered, so nothing arrives later above what is shown
  const loading = !s.firstScreenSettled || (firstLoad && (s.loadingIndex || rooms.loading))
  const failed = !loading && firstLoad && !!(s.indexError || rooms.error)
  const shown = !loading && !failed
  // the slides and the menu first; then, a task apart each, the notices and rooms on air, the streamers,
  // playbacks and channels, the latest playbacks and events, the room list (src/hooks/use-staged): content only ever
  // arrives below what is shown. Each section is its own observer (memoized), so a later stage renders only itself.
  // On H5 the sections further down are drawn as the viewer nears them (src/components/near-viewport).
  const stage = useStaged(shown, 4)
  // the server's pre-rendered first screen gives way to the page's own, or to its error
  useFirstScreenUntil(!loading)
  return (
    <View className='page page--tab home'>
      <NavBar title={env.TARO_APP_BRAND}>
        <View className='home__search' {...linkProps()} onClick={() => openPage('search')}>
          <Text className='home__search-text'>搜索直播、主播、视频</Text>
        </View>
      </NavBar>
      <PullRefresh onRefresh={pullToRefresh} onReachBottom={more}>
        {loading ? (
          <PageState loading />
        ) : failed ? (
          <PageState error={s.indexError || rooms.error || '加载失败'} onRetry={() => s.refresh()} />
        ) : (
          <View>
            <Slides />
            <Menu />
            <IndexFailure />
            {stage >= 1 && <OnAir />}
            {stage >= 2 && (
              <NearViewport minHeight='35rem'>
                <Featured />
              </NearViewport>
            )}
            {stage >= 3 && (
              <NearViewport minHeight='37rem'>
                <Latest />
              </NearViewport>
            )}
            {stage >= 4 && (
              <NearViewport minHeight='48rem'>
                <RoomList />
              </NearViewport>
            )}
          </View>
        )}
      </PullRefresh>
      <TabBarSlot />
    </View>
  )
}

/**
 * A pull down (R2.2: home's own, its native one is off) refreshes home. When the index fails, what was shown stays
 * and a toast says why; the first load's failure is the page's error state instead, and a failed room list says so
 * at its foot.
 */
const pullToRefresh = () =>
  homeStore.refresh().then(() => {
    if (homeStore.indexLoaded && homeStore.indexError) void showToast(homeStore.indexError).catch(() => undefined)
  })

const openSlide = (slide: Slide) => openLink(slide.link || slide.url)
const openNotice = (notice: Notice) => openLink(notice.url || notice.link)

const Slides = observer(function Slides() {
  return <Banner className='home__slides' slides={homeStore.slides.slice()} label='精选推荐' onOpen={openSlide} />
})

const Menu = observer(function Menu() {
  const menu = homeStore.menu
  if (!menu.length) return null
  return (
    <View className='home__menu'>
      {menu.map((m) => (
        <View key={m.id} className='home__menu-item' {...linkProps()} onClick={() => openLink(m.url || m.link)}>
          <AltImage className='home__menu-icon' src={m.icon || ''} alt='' />
          <Text className='home__menu-text'>{m.title}</Text>
        </View>
      ))}
    </View>
  )
})

/**
 * The index failed while the room list answered: in place of its sections (menu, notices, streamers, playbacks,
 * channels) the viewer reads why, with a retry of the index alone (loading in place while it runs).
 */
const IndexFailure = observer(function IndexFailure() {
  const s = homeStore
  if (s.indexLoaded) return null
  if (s.loadingIndex) return <PageState loading />
  return s.indexError ? <PageState error={s.indexError} onRetry={() => s.loadIndex()} /> : null
})

/** The notices and the 正在直播 strip. */
const OnAir = observer(function OnAir() {
  const s = homeStore
  return (
    <>
      {s.notices.length > 0 && (
        <View className='home__notice'>
          <Text className='home__notice-tag'>公告</Text>
          <Ticker
            className='home__notice-ticker'
            textClassName='home__notice-text'
            items={s.notices.slice()}
            interval={4000}
            onOpen={openNotice}
          />
        </View>
      )}
      {s.topRooms.length > 0 && (
        <View>
          <SectionHeader title='正在直播' onMore={() => openPage('list', { type: 'live' })} />
          <ScrollView scrollX className='card-row home__top-rooms'>
            {s.topRooms.map((r) => (
              <RoomCard key={r.id} room={r} onTap={openRoom} wide />
            ))}
          </ScrollView>
        </View>
      )}
    </>
  )
})

/** 热门主播, 精彩回看, 电视 · 广播. */
const Featured = observer(function Featured() {
  const s = homeStore
  return (
    <>
      {s.streamers.length > 0 && (
        <View>
          <SectionHeader title='热门主播' onMore={() => openPage('streamer')} />
          <ScrollView scrollX className='card-row'>
            {s.streamers.map((st) => (
              <View
                key={st.id}
                className='home__streamer'
                {...linkProps()}
                onClick={() => openPage('streamerDetail', { id: st.id, roomid: st.room_id ?? st.roomId })}
              >
                <AltImage className='home__streamer-avatar' src={st.avatar || ''} alt={displayName(st)} />
                <Text className='home__streamer-name'>{displayName(st)}</Text>
                <Text className='home__streamer-pop'>{formatCount(st.popularity || 0)}人气</Text>
              </View>
            ))}
          </ScrollView>
        </View>
      )}
      {s.topPlaybacks.length > 0 && (
        <View>
          <SectionHeader title='精彩回看' onMore={() => openPage('list', { type: 'playback' })} />
          <View className='card-grid'>
            {s.topPlaybacks.map((p) => (
              <PlaybackCard key={p.id} item={p} onTap={openPlayback} />
            ))}
          </View>
        </View>
      )}
      {s.channelsTV.length + s.channelsRadio.length > 0 && (
        <View>
          <SectionHeader title='电视 · 广播' onMore={() => openPage('media')} />
          <ScrollView scrollX className='card-row'>
            {[...s.channelsTV, ...s.channelsRadio].map((c) => (
              <View key={c.id} className='home__channel' {...linkProps()} onClick={() => openPage('media')}>
                <Text className='home__channel-type'>{c.type === 'tv' ? '电视' : '广播'}</Text>
                <Text className='home__channel-title'>{c.title}</Text>
                <Text className='home__channel-now'>{c.current ? `正在播出：${c.current.title}` : '暂无节目'}</Text>
              </View>
            ))}
          </ScrollView>
        </View>
      )}
    </>
  )
})

/** 最新回看 and 活动预告. */
const Latest = observer(function Latest() {
  const playbacks = homeStore.playbacks.list
  return (
    <>
      {playbacks.length > 0 && (
        <View>
          <SectionHeader title='最新回看' onMore={() => openPage('list', { type: 'playback' })} />
          <View className='card-grid'>
            {playbacks.slice(0, 4).map((p) => (
              <PlaybackCard key={p.id} item={p} onTap={openPlayback} />
            ))}
          </View>
        </View>
      )}
      <SectionHeader title='活动预告' onMore={() => openPage('list', { type: 'event' })} />
      <EventsPreview onTap={openEvent} />
    </>
  )
})

/**
 * 直播列表 with its paging foot. Shown once the index has answered, so the list says itself that its first page is
 * loading or failed (with 重新加载): the page's own loading and error states cover only a home with nothing to show.
 */
const RoomList = observer(function RoomList() {
  const rooms = homeStore.liveRooms
  return (
    <View className='home__room-list'>
      <SectionHeader title='直播列表' onMore={() => openPage('list', { type: 'live' })} />
      <View className='card-grid home__rooms'>
        {rooms.list.map((r) => (
          <RoomCard key={r.id} room={r} onTap={openRoom} />
        ))}
      </View>
      <ListState list={rooms} emptyText='暂无直播' />
      <ListFoot list={rooms} className='home__more' />
    </View>
  )
})

/**
 * The first events, in a box that stays: when they arrive in place of the loading state, the mini-program updates
 * the box's children (a few KB), where a replaced child of home's column re-sent the whole column (35 KB) in one setData.
 */
const EventsPreview = observer(function EventsPreview({ onTap }: { onTap: (t: TeaserItem) => void }) {
  const events = homeStore.events
  useEffect(() => {
    if (events.currentPage === 0) events.load().catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  return (
    <View className='home__events'>
      {events.loading && events.empty ? (
        <PageState loading />
      ) : events.empty ? (
        <PageState empty emptyText='暂无活动' />
      ) : (
        events.list.slice(0, 3).map((t) => <EventCard key={t.id} item={t} onTap={onTap} />)
      )}
    </View>
  )
})

export default observer(HomePage)
