import { View, Text, ScrollView } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { VirtualList } from '@/components/virtual-list'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { memo, useEffect, useRef, useState } from 'react'
import { usePageInterval } from '@/hooks/use-page-interval'
import type { Channel, MediaKind, Programme, VideoItem } from '@/api/media'
import { PageState } from '@/components/page-state'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { useTab } from '@/hooks/use-tab'
import { revealOnPage } from '@/platform/reveal'
import { systemInfo } from '@/platform/system'
import { MEDIA_SEGMENTS, mediaStore, type ChannelKind } from '@/stores/media'
import { cnDate, scheduleDays } from '@/stores/media-schedule'
import { formatCount, formatDuration, formatTime } from '@/utils/format'
import { maskPhones, stripHtml } from '@/utils/validate'
import { openPage } from '@/router/navigate'
import './media.scss'
import { ListFoot } from '@/components/list-foot'
import { buttonProps, tablistProps, tabProps } from '@/platform/a11y'
import { quietly } from '@/utils/errors'

const text = (s?: string) => maskPhones(stripHtml(s))

/** Design sizes (750 wide) of what sits above and below the video list, and of one video row. */
const VIDEO_ROW = 184
const ABOVE_LIST = 88 + 88
const TAB_BAR = 120

function rpx(n: number): number {
  return (n * systemInfo().windowWidth) / 750
}

/** A schedule row's id: what the page is scrolled to (src/platform/reveal.ts). */
const scheduleRowId = (kind: ChannelKind, index: number) => `media-schedule-${kind}-${index}`

/** A channel's schedule for the selected day of the 7-day strip, the programme on air marked (R2.45, R3.25, R4.23). */
const ChannelSchedule = observer(function ChannelSchedule({ kind }: { kind: ChannelKind }) {
  const m = mediaStore
  const channels = m.channelsOf(kind)
  const channelId = m.selectedChannel[kind]
  const day = m.selectedDay
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    if (channelId) void quietly(m.loadSchedule(channelId, day))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when channelId, day change; what else it reads belongs to those
  }, [channelId, day])
  // 正在播出 by the clock: every minute while the tab shows, and at once when the viewer comes back to it
  usePageInterval(() => setNow(Date.now()), 60000)
  const channel = channels.find((c) => c.id === channelId) ?? channels[0]
  const current = channel ? m.currentOf(channel.id, day, now) : -1
  // the tab opens on today's schedule with the programme on air in view, not only midnight's rows long past: once for
  // each kind, where 正在播出 is below the screen, the row before it goes to the page's top (what has just ended, then
  // what is on). A channel or a day the viewer picks after that leaves the page where the strips they tapped are.
  const jumped = useRef(new Set<ChannelKind>())
  useEffect(() => {
    if (current < 0 || day !== cnDate(now) || jumped.current.has(kind)) return
    jumped.current.add(kind)
    if (current > 0)
      revealOnPage(
        scheduleRowId(kind, current),
        scheduleRowId(kind, current - 1),
        systemInfo().windowHeight - rpx(TAB_BAR)
      )
  }, [kind, day, current, now])
  const cs = m.channelState
  if (!channel) {
    return (
      <PageState
        loading={cs.loading || (!cs.loaded && !cs.error)}
        error={cs.error}
        empty
        emptyText={kind === 'tv' ? '暂无电视频道' : '暂无广播频率'}
        onRetry={() => quietly(m.loadChannels())}
      />
    )
  }
  const entries = m.scheduleOf(channel.id, day)
  const state = m.scheduleStateOf(channel.id, day)
  // channels, programmes and videos play in package A's player page (pages/watch/watch)
  const playChannel = (c: Channel) => c.source && openPage('watch', { type: 'channel', id: c.id })
  return (
    <View className='media-channels'>
      <ScrollView className='media-channels__strip' scrollX enhanced showScrollbar={false} {...tablistProps('频道')}>
        {channels.map((c) => (
          <View
            key={c.id}
            className={`media-channels__item${c.id === channel.id ? ' media-channels__item--active' : ''}`}
            {...tabProps(c.id === channel.id)}
            data-channel={c.id}
            onClick={() => m.selectChannel(kind, c.id)}
          >
            {c.logo ? <AltImage className='media-channels__logo' src={c.logo} mode='aspectFit' alt='' /> : null}
            <Text className='media-channels__name'>{c.title}</Text>
          </View>
        ))}
      </ScrollView>
      <View className='media-channels__head'>
        <Text className='media-channels__title'>
          {channel.title}
          {channel.frequency ? ` · ${channel.frequency}` : ''}
        </Text>
        {channel.source ? (
          <Text className='media-channels__watch' {...buttonProps()} onClick={() => playChannel(channel)}>
            {kind === 'tv' ? '看直播' : '听直播'}
          </Text>
        ) : null}
      </View>
      <ScrollView className='media-days' scrollX enhanced showScrollbar={false} {...tablistProps('节目单日期')}>
        {scheduleDays(now).map((d) => (
          <View
            key={d.date}
            className={`media-days__item${d.date === day ? ' media-days__item--active' : ''}`}
            {...tabProps(d.date === day)}
            data-day={d.date}
            onClick={() => m.selectDay(d.date)}
          >
            <Text className='media-days__label'>{d.label}</Text>
            <Text className='media-days__date'>{d.short}</Text>
          </View>
        ))}
      </ScrollView>
      {entries && entries.length ? (
        <View className='media-schedule'>
          {entries.map((e, i) => (
            <View
              key={`${e.start}-${i}`}
              id={scheduleRowId(kind, i)}
              className={`media-schedule__row${i === current ? ' media-schedule__row--current' : ''}${e.endAt <= now ? ' media-schedule__row--past' : ''}`}
            >
              <Text className='media-schedule__time'>
                {e.start}–{e.end}
                {e.nextDay ? '(次日)' : ''}
              </Text>
              <Text className='media-schedule__title'>{text(e.title)}</Text>
              {i === current && <Text className='media-schedule__now'>正在播出</Text>}
            </View>
          ))}
        </View>
      ) : (
        <PageState
          loading={state.loading || (!state.loaded && !state.error)}
          error={state.error}
          empty
          emptyText='当天暂无节目单'
          onRetry={() => quietly(m.loadSchedule(channel.id, day, true))}
        />
      )}
    </View>
  )
})

/** The programmes of a kind (R2.43, R7.25). */
const ProgrammeList = observer(function ProgrammeList({ kind, title }: { kind: MediaKind; title?: string }) {
  const m = mediaStore
  const list = m.programsOf(kind)
  const st = m.programState[kind]
  useEffect(() => {
    if (!st.loaded && !st.loading) void quietly(m.loadProgrammes(kind))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when kind changes; what else it reads belongs to those
  }, [kind])
  return (
    <View className='media-programs'>
      {title && <Text className='media-section'>{title}</Text>}
      {list.length ? (
        list.map((p: Programme) => (
          <View
            key={p.id}
            className='media-programs__item'
            data-program={p.id}
            {...buttonProps()}
            onClick={() => p.source && openPage('watch', { type: 'programme', kind, id: p.id })}
          >
            {p.cover ? (
              <AltImage className='media-programs__cover' src={p.cover} mode='aspectFill' lazyLoad alt={p.title} />
            ) : (
              <View className='media-programs__cover' />
            )}
            <View className='media-programs__body'>
              <Text className='media-programs__title'>{text(p.title)}</Text>
              <Text className='media-programs__brief'>{text(p.brief)}</Text>
              <Text className='media-programs__sub'>
                {p.episodes ? `共${p.episodes}期` : ''}
                {p.updated_at ? ` · ${formatTime(p.updated_at, 'MM-DD')}更新` : ''}
              </Text>
            </View>
          </View>
        ))
      ) : (
        <PageState
          loading={st.loading || (!st.loaded && !st.error)}
          error={st.error}
          empty
          emptyText='暂无节目'
          onRetry={() => quietly(m.loadProgrammes(kind))}
        />
      )}
    </View>
  )
})

interface RowProps {
  id: string
  index: number
  data: VideoItem[]
}

const VideoRow = memo(function VideoRow({ id, index, data }: RowProps) {
  const v = data[index]
  return (
    <View
      id={id}
      className='media-video'
      data-video={v.id}
      {...buttonProps()}
      onClick={() => v.source && openPage('watch', { type: 'video', id: v.id })}
    >
      <View className='media-video__cover' style={v.cover ? { backgroundImage: `url(${v.cover})` } : undefined}>
        {v.duration ? <Text className='media-video__time'>{formatDuration(v.duration)}</Text> : null}
      </View>
      <View className='media-video__body'>
        <Text className='media-video__title'>{text(v.title)}</Text>
        <Text className='media-video__sub'>
          {formatCount(v.views || 0)}次播放{v.publish_time ? ` · ${formatTime(v.publish_time, 'MM-DD HH:mm')}` : ''}
        </Text>
      </View>
    </View>
  )
})

/**
 * The paged video list (R7.18, R7.24) through a virtual list, so the rows rendered stay bounded however many pages
 * load; reaching its bottom loads the next page.
 */
const VideoList = observer(function VideoList() {
  const list = mediaStore.videoList
  useEffect(() => {
    if (list.currentPage === 0 && !list.loading) void quietly(list.load())
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  if (list.empty) {
    return (
      <PageState
        loading={list.loading || (list.currentPage === 0 && !list.error)}
        error={list.error}
        empty
        emptyText='暂无视频'
        onRetry={() => quietly(list.load({ reset: true }))}
      />
    )
  }
  const info = systemInfo()
  const height = Math.max(rpx(VIDEO_ROW * 2), info.windowHeight - rpx(ABOVE_LIST + TAB_BAR))
  return (
    <VirtualList
      className='media-videos'
      height={height}
      width='100%'
      itemData={list.list}
      itemCount={list.list.length}
      itemSize={rpx(VIDEO_ROW)}
      item={VideoRow}
      overscanCount={4}
      lowerThreshold={50}
      onScrollToLower={() => quietly(list.load())}
      renderBottom={<ListFoot key='more' list={list} className='media-videos__more' />}
    />
  )
})

/**
 * 视听 tab (spec R2.4, R2.43, R2.45): 电视 and 广播 channels with their schedules by day, the TV, radio and
 * original-audio programmes (R3.27), and the paged video list.
 */
function MediaPage() {
  useTab('media')
  const m = mediaStore
  useEffect(() => {
    if (!m.channelState.loaded && !m.channelState.loading) void quietly(m.loadChannels())
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  usePullDownRefresh(() => {
    const seg = m.segment
    const jobs: Array<Promise<unknown>> = []
    if (seg === 'tv' || seg === 'radio') {
      jobs.push(m.loadChannels(), m.loadProgrammes(seg))
      const id = m.selectedChannel[seg]
      if (id) jobs.push(m.loadSchedule(id, m.selectedDay, true))
    } else if (seg === 'audio') jobs.push(m.loadProgrammes('audio'))
    else jobs.push(quietly(m.videoList.load({ reset: true })))
    void Promise.all(jobs).finally(() => Taro.stopPullDownRefresh())
  })
  const seg = m.segment
  return (
    <View className='page page--tab media'>
      <Text className='page__title media__title'>视听</Text>
      <View className='media__segments' {...tablistProps('视听分类')}>
        {MEDIA_SEGMENTS.map((s) => (
          <Text
            key={s.key}
            className={`media__segment${s.key === seg ? ' media__segment--active' : ''}`}
            {...tabProps(s.key === seg)}
            data-segment={s.key}
            onClick={() => m.setSegment(s.key)}
          >
            {s.title}
          </Text>
        ))}
      </View>
      {(seg === 'tv' || seg === 'radio') && (
        <View>
          <ChannelSchedule kind={seg} />
          <ProgrammeList kind={seg} title={seg === 'tv' ? '电视栏目' : '广播栏目'} />
        </View>
      )}
      {seg === 'audio' && <ProgrammeList kind='audio' />}
      {seg === 'video' && <VideoList />}
      <TabBarSlot />
    </View>
  )
}

export default observer(MediaPage)
