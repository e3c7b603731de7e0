import { ScrollView, View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useRef, useState } from 'react'
import { usePageInterval } from '@/hooks/use-page-interval'
import type { MediaKind } from '@/api/media'
import { PageState } from '@/components/page-state'
import { Player } from '@/packageA/components/player'
import type { Chapter, PlayerHandle } from '@/packageA/components/player/play-state'
import { buttonProps, hiddenProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { audioPlayer } from '@/stores/audio-player'
import { mediaStore } from '@/stores/media'
import { formatDuration } from '@/utils/format'
import { AltImage } from '@/components/alt-image'
import { showToast } from '@/ui/overlay'
import { maskPhones, stripHtml } from '@/utils/validate'
import { WatchStore, programmeRows, today, type WatchType, type Watchable } from './store'
import './watch.scss'
import { withTopBar } from '@/components/top-bar'

const TYPES: WatchType[] = ['channel', 'programme', 'video']
const KINDS: MediaKind[] = ['tv', 'radio', 'audio']

/** A programme's replay action: from its start while on air, else again; listened to on the radio. */
function actionOf(onAir: boolean, audio: boolean): string {
  if (audio) return onAir ? '从头听' : '回听'
  return onAir ? '从头看' : '回看'
}

/** A programme row's id: what the list scrolls to (scroll-view's scroll-into-view takes an id not starting with a digit). */
function rowId(i: number): string {
  return `watch-schedule-${i}`
}

/**
 * A channel's programmes of today beside its live stream: the one on air can be watched from its scheduled start
 * (从头看) and earlier ones inside the stream's time-shift window replayed (回看); they are chapters on the player's
 * progress bar too. Beyond every anchor: the players viewers know have time-shift, none ties it to a TV schedule.
 * The list scrolls on its own below the player (watch.scss), and opens at the programme on air.
 */
const ChannelProgrammes = observer(function ChannelProgrammes({
  channelId,
  seekToDate,
  window,
  audio = false
}: {
  channelId: number
  seekToDate: (ms: number) => boolean
  window: { from: number; to: number } | null
  /** a radio channel: its programmes are listened to (从头听, 回听), not watched */
  audio?: boolean
}) {
  const day = today()
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    void mediaStore.loadSchedule(channelId, day)
  }, [channelId, day])
  usePageInterval(() => setNow(Date.now()), 30000)
  const entries = mediaStore.scheduleOf(channelId, day)
  const rows = entries?.length ? programmeRows(entries, now, window) : []
  const onAir = rows.findIndex((r) => r.onAir)
  // once, when the rows first show: the programme before the one on air at the list's top (just ended, then on air),
  // as the 视听 tab opens its schedule; the list scrolls under the video, which stays where it is
  const [target, setTarget] = useState('')
  useEffect(() => {
    if (onAir > 0 && !target) setTarget(rowId(onAir - 1))
  }, [onAir, target])
  if (!rows.length) return null
  const play = (startAt: number, title: string) => {
    if (seekToDate(startAt)) void showToast(`从头播放：${title}`)
    else void showToast('该节目已超出回看时间')
  }
  return (
    <View className='watch-schedule'>
      <Text className='watch-schedule__title'>今日节目</Text>
      <ScrollView
        className='watch-schedule__list'
        scrollY
        scrollIntoView={target || undefined}
        scrollIntoViewAlignment='start'
      >
        {rows.map((r, i) => (
          <View
            key={`${r.start}-${r.title}`}
            id={rowId(i)}
            className={`watch-schedule__row${r.onAir ? ' watch-schedule__row--on' : ''}${r.later ? ' watch-schedule__row--later' : ''}`}
            data-start={r.startAt}
          >
            <Text className='watch-schedule__time'>{r.start}</Text>
            <Text className='watch-schedule__name'>{stripHtml(r.title)}</Text>
            {r.onAir && <Text className='watch-schedule__now'>正在播出</Text>}
            {r.replayable ? (
              <Text
                className='watch-schedule__action'
                {...buttonProps(`${actionOf(r.onAir, audio)}：${stripHtml(r.title)}`)}
                onClick={() => play(r.startAt, stripHtml(r.title))}
              >
                {actionOf(r.onAir, audio)}
              </Text>
            ) : null}
          </View>
        ))}
      </ScrollView>
    </View>
  )
})

/**
 * Radio and audio programmes: sound alone, no video box. It plays in the background (src/stores/audio-player.ts):
 * on when the page opens, on while the viewer moves to other pages (the mini player bar), and on the lock screen.
 */
const AudioCard = observer(function AudioCard({
  item,
  page
}: {
  item: Watchable
  page: { type: 'channel' | 'programme'; id: number; kind?: string }
}) {
  const p = audioPlayer
  useEffect(() => {
    p.play({
      src: item.src,
      title: item.title,
      artist: item.subtitle.split(' · ')[0] || '',
      cover: item.poster,
      live: item.live,
      page
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when item.src changes; what else it reads belongs to those
  }, [item.src])
  const mine = p.track?.src === item.src
  const busy = mine && (p.state === 'playing' || p.state === 'loading' || p.state === 'stalled')
  const status = !mine
    ? ''
    : p.state === 'stalled'
      ? '网络不给力，正在重连…'
      : p.state === 'error'
        ? '播放出错了，点击重试'
        : p.state === 'loading'
          ? '正在加载…'
          : ''
  return (
    <View className='watch-audio' data-state={mine ? p.state : 'idle'}>
      {item.poster ? (
        <AltImage className='watch-audio__cover' src={item.poster} mode='aspectFill' alt={stripHtml(item.title)} />
      ) : (
        <View className='watch-audio__cover' />
      )}
      <Text className='watch-audio__status'>
        {status || (item.live ? '直播中' : mine ? `${formatDuration(p.position)} / ${formatDuration(p.duration)}` : '')}
      </Text>
      <View
        className='watch-audio__toggle'
        {...buttonProps(busy ? '暂停' : '播放')}
        onClick={() =>
          mine
            ? p.toggle()
            : p.play({
                src: item.src,
                title: item.title,
                artist: item.subtitle.split(' · ')[0] || '',
                cover: item.poster,
                live: item.live,
                page
              })
        }
      >
        <Text {...hiddenProps}>{busy ? '❚❚' : '▶'}</Text>
      </View>
    </View>
  )
})

/**
 * The 视听 tab's player page: a TV or radio channel live, or a programme or a video on demand, in the one player of
 * every video (清晰度 where the stream has renditions, 倍速 and resuming for on-demand, full screen, 画中画). A
 * channel's programmes of today can be watched from their start inside its time-shift window.
 */
function WatchPage() {
  const { params } = useRouter()
  const type = (TYPES as string[]).includes(params.type || '') ? (params.type as WatchType) : 'video'
  const kind = (KINDS as string[]).includes(params.kind || '') ? (params.kind as MediaKind) : undefined
  const id = Number(params.id) || 0
  const store = useMemo(() => new WatchStore(type, id, kind), [type, id, kind])
  const player = useRef<PlayerHandle>(null)
  const [window, setWindow] = useState<{ from: number; to: number } | null>(null)
  useEffect(() => {
    void store.load().then(() => store.item && setPageTitle(store.item.title))
  }, [store])
  const item = store.item
  const channelId = item?.channelId
  const day = today()
  const chapters = useMemo<Chapter[]>(() => {
    const entries = channelId ? mediaStore.scheduleOf(channelId, day) : undefined
    return (entries || []).map((e) => ({ title: stripHtml(e.title), startAt: e.startAt }))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when channelId, day, channelId ? mediaStore.scheduleOf(channelId, day) : undefined change; what else it reads belongs to those
  }, [channelId, day, channelId ? mediaStore.scheduleOf(channelId, day) : undefined])
  if (!item) return store.error ? <PageState error={store.error} onRetry={() => store.load()} /> : <PageState loading />
  return (
    <View className={`watch${channelId ? ' watch--channel' : ''}`}>
      {item.audio ? (
        <AudioCard item={item} page={{ type: type === 'video' ? 'programme' : type, id, kind }} />
      ) : (
        <View className='watch__video'>
          <Player
            ref={player}
            src={item.src}
            poster={item.poster}
            title={item.title}
            live={item.live}
            resumeId={item.resumeId}
            history={{ page: 'watch', query: kind ? { type, id, kind } : { type, id } }}
            chapters={chapters}
            onWindow={setWindow}
          />
        </View>
      )}
      <View className='watch__info'>
        <Text className='watch__title'>{stripHtml(item.title)}</Text>
        <Text className='watch__sub'>{item.subtitle}</Text>
        {item.brief ? <Text className='watch__brief'>{maskPhones(stripHtml(item.brief))}</Text> : null}
      </View>
      {channelId ? (
        item.audio ? (
          <ChannelProgrammes
            channelId={channelId}
            seekToDate={(ms) => audioPlayer.seekToDate(ms)}
            window={audioPlayer.track?.src === item.src ? audioPlayer.window : null}
            audio
          />
        ) : (
          <ChannelProgrammes
            channelId={channelId}
            seekToDate={(ms) => !!player.current?.seekToDate(ms)}
            window={window}
          />
        )
      ) : null}
    </View>
  )
}

export default withTopBar(observer(WatchPage))
