import { View, Text } from '@tarojs/components'
import { useRouter, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { PageState } from '@/components/page-state'
import { withTopBar } from '@/components/top-bar'
import { LiveLoading } from './loading'
import { ActivitiesTab, ActivityStage, GoodsTab, runningActivities } from '@/packageA/components/activities/entry'
import { ChatBox, ChatPanel, DanmakuLayer, FullscreenChatBox } from '@/packageA/components/danmaku'
import { GiftStrip, InteractBar, LikeButton } from '@/packageA/components/interact'
import { Player, prefetchStream } from '@/packageA/components/player'
import { FullscreenOnly } from '@/packageA/components/player/context'
import { roomPhase } from '@/packageA/components/player/play-state'
import { useAfterVideo } from '@/packageA/components/player/after-video'
import {
  ExternalTab,
  GroupSwitcher,
  PasswordForm,
  PhaseCard,
  Poster,
  RoomHeader,
  roomShare,
  tabHasContent
} from '@/packageA/components/room'
import { isSharePreview } from '@/share'
import { liveStore, type KeptRoom } from '@/stores/live'
import type { RoomInfo } from '@/api/live'
import { isPaid } from '@/packageA/components/interact/paid'
import { loadPremium, type PremiumModule } from '@/packageA/components/interact/premium-loader'
import { useChunkState } from '@/hooks/use-chunk'
import { ChunkRetry } from '@/packageA/components/chunk-retry'
import './live.scss'
import { hiddenProps, tablistProps, tabProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { roomIdOf } from '@/router/startup'
import { useFirstScreenUntil } from '@/hooks/use-first-screen'
import { followRoomState } from './room-state'

/**
 * Whether a paid room's stream is held: its trial over, or none, and not bought; while its store (premium-loader) is
 * on its way, held too. It reads the info it is given: the stream is asked for as the info arrives, before the live
 * store keeps the room.
 */
const held = (room: RoomInfo, roomId: number, premium: PremiumModule | null) =>
  isPaid(room) && (!premium || premium.premiumStore.blocked(roomId, room))

/**
 * The live room (spec R2.8, R2.44): the player with flying danmaku, the paid-live banner, the streamer, the group
 * switcher; chat and the room's external tabs with the activity stage over their top (never over the video), and the
 * chat box, gifts and likes in one row at the bottom. The page is one screen high: the video and the bottom row keep
 * their place and the tab's content takes what is left; on a wide window the chat column stands beside the video.
 * In full screen the danmaku, a chat box, the like button and a chip of the running activities stay with the video.
 */
function LivePage() {
  const { params } = useRouter()
  // roomid, or the scene of the mini-program code that opened this page (?scene=roomid%3D496, R7.39)
  const roomId = roomIdOf(params)
  const [poster, setPoster] = useState(false)
  const [activity, setActivity] = useState(false)

  useEffect(() => {
    if (!roomId) return
    liveStore.setCurrentRoom(roomId)
    // the stream starts loading as the room info arrives, before the room renders; the player takes it
    // over when it mounts
    const startStream = (info: RoomInfo) => {
      if (roomPhase(info) !== 'live') return
      if (!isPaid(info)) return prefetchStream(info.source || '')
      // a paid room: its store says whether the trial (or a purchase) lets the stream start
      loadPremium().then(
        (premium) => {
          // the server's count of this viewer's trial, before anything is decided on it
          premium.premiumStore.adopt(roomId, info)
          if (!held(info, roomId, premium)) prefetchStream(info.source || '')
        },
        () => undefined
      )
    }
    void liveStore.loadRoom(roomId, { test: params.test || params.testCode }, startStream).then((room) => {
      if (!room) return
      void setPageTitle(room.title)
      void liveStore.enter(roomId)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when roomId changes; what else it reads belongs to those
  }, [roomId])

  const room = liveStore.roomsData[roomId]
  const error = liveStore.roomErrors[roomId]
  // a paid room's banner and store (their own chunk on the web): where it cannot be loaded, 点击重试 in the banner's place
  // (the video stays held: nothing can say whether the viewer may watch)
  const premiumChunk = useChunkState(loadPremium, !!room && isPaid(room))
  const premium = premiumChunk.module
  // the server's pre-rendered first screen (server/views/first-screen.ts) gives way to the room, its error or its password form
  useFirstScreenUntil(!!room || !!error || !roomId)
  // a live room's video comes first: its activity stage, group switcher, tabs, chat and interaction bar wait for the
  // first frame (a paid room's too while its store loads: the video most likely plays, and the wait is capped,
  // player/first-frame.ts; in the mini-program only the group switcher: player/after-video.ts, activities/index.tsx;
  // the side column's own wait: LiveSide)
  const videoFirst = !!room && roomPhase(room) === 'live' && !(premium && held(room, roomId, premium))
  // on and off the air, the chat closed or open (live_status, chat_status): followed from the room's info on (the
  // flying danmaku has the room's socket open from then too), so a push during the first seconds is not missed
  const loaded = !!room
  useEffect(() => (loaded ? followRoomState(roomId) : undefined), [roomId, loaded])
  useShareAppMessage((res) => {
    // a share counts (R7.70); the messenger browser's menu only reads the payload ahead (src/stores/jssdk.h5.ts)
    if (!isSharePreview(res)) void liveStore.share(roomId)
    return room ? roomShare(room) : { title: '直播间', path: `/packageA/pages/live/live?roomid=${roomId}` }
  })

  if (!roomId) return <PageState error='直播间不存在' />
  if (!room) {
    if (error?.needPassword) return <PasswordForm roomId={roomId} />
    if (error) return <PageState error={error.msg} onRetry={() => liveStore.loadRoom(roomId)} />
    return <LiveLoading />
  }

  const phase = roomPhase(room)
  const orientation = room.orientation === 'portrait' ? 'portrait' : 'landscape'
  return (
    <View className={`live live--${orientation}${activity ? ' live--activity' : ''}`} data-phase={phase}>
      <View className='live__room'>
        <View className='live__main'>
          <View className='live__stage'>
            {phase === 'live' ? (
              <Player
                src={room.source || ''}
                poster={room.cover}
                title={room.title}
                live
                blocked={held(room, roomId, premium)}
                orientation={orientation}
                danmaku
              >
                <DanmakuLayer roomId={roomId} />
                <FullscreenOnly>
                  <ActivityStage roomId={roomId} compact />
                  <View className='live__fs-bar'>
                    <FullscreenChatBox roomId={roomId} />
                    <LikeButton roomId={roomId} keepBatch />
                  </View>
                </FullscreenOnly>
              </Player>
            ) : (
              <>
                <PhaseCard room={room} phase={phase} />
                <DanmakuLayer roomId={roomId} />
              </>
            )}
            <GiftStrip roomId={roomId} />
          </View>
          {premium ? (
            <premium.PremiumBanner roomId={roomId} />
          ) : premiumChunk.failed ? (
            <ChunkRetry text='付费信息加载失败' onRetry={premiumChunk.retry} />
          ) : null}
          <View className='live__title'>
            <Text className='live__title-text'>{room.title}</Text>
            {room.topic ? <Text className='live__topic'>#{room.topic}</Text> : null}
          </View>
          <RoomHeader
            room={room}
            onPoster={() => {
              // the web's share sheet is the poster: opening it is the share (R7.70)
              setPoster(true)
              void liveStore.share(roomId)
            }}
          />
          {/* drawn with the room: it holds its place and waits for the first frame itself (afterVideo), so the column
              below it does not move when the rest comes */}
          <GroupSwitcher roomId={roomId} afterVideo={videoFirst} />
        </View>
        <LiveSide roomId={roomId} room={room} videoFirst={videoFirst} onActivity={setActivity} />
      </View>
      {poster && <Poster room={room} onClose={() => setPoster(false)} />}
    </View>
  )
}

/**
 * The room's side: its tabs, the tab's content under the activity stage, and the chat box, 礼物 and 点赞 at the bottom.
 * A component of its own, so the first frame's release of what waits for it (useAfterVideo) renders this column and
 * not the page's player with it: that render is one of the tasks a phone runs as the video starts.
 */
const LiveSide = observer(function LiveSide(props: {
  roomId: number
  room: KeptRoom
  videoFirst: boolean
  onActivity: (shown: boolean) => void
}) {
  const { roomId, room, videoFirst, onActivity } = props
  const [tab, setTab] = useState('chat')
  const below = useAfterVideo(true, videoFirst)
  // a tab with nothing to show is left out: 互动 (chat) while no activity runs, a 图文 without its topic, …
  const running = runningActivities(roomId).length > 0
  const tabs = (room.external?.tabs || []).filter((t) => (t.type === 'chat' ? running : tabHasContent(t)))
  const current = tabs.find((t) => t.id === tab)
  return (
    <View className='live__side'>
      {/* the tab row comes at the first frame (below); until then an empty row of its height keeps its place, so
          what is under it does not move then */}
      {below ? (
        <View className='live__tabs' {...tablistProps('直播间')}>
          <View
            className={`live__tab${!current ? ' live__tab--on' : ''}`}
            {...tabProps(!current)}
            data-tab='chat'
            onClick={() => setTab('chat')}
          >
            聊天
          </View>
          {tabs.map((t) => (
            <View
              key={t.id}
              className={`live__tab${tab === t.id ? ' live__tab--on' : ''}`}
              {...tabProps(tab === t.id)}
              data-tab={t.id}
              onClick={() => setTab(t.id || 'chat')}
            >
              {t.title}
            </View>
          ))}
        </View>
      ) : (
        <View className='live__tabs-pending' {...hiddenProps}>
          <View className='live__tab'>聊天</View>
        </View>
      )}
      {/* the tab's content with the activity card: over the chat's top (it enters without moving the page, the
          newest lines stay in view below it), above any other tab's content (a list of goods stays reachable) */}
      <View className={`live__body live__body--${!current ? 'over' : 'above'}`}>
        {below ? (
          <View className='live__panel'>
            {!current ? (
              <ChatPanel roomId={roomId} box={false} />
            ) : current.type === 'goods' ? (
              <GoodsTab roomId={roomId} />
            ) : current.type === 'chat' ? (
              <ActivitiesTab roomId={roomId} />
            ) : (
              <ExternalTab tab={current} />
            )}
          </View>
        ) : null}
        <ActivityStage roomId={roomId} afterVideo={videoFirst} onShown={onActivity} />
      </View>
      {below ? (
        // the chat box, 礼物 and 点赞 in one row at the bottom, in view on every tab and with any card open
        <View className='live__dock'>
          <ChatBox roomId={roomId} />
          <InteractBar roomId={roomId} />
        </View>
      ) : null}
    </View>
  )
})

export default withTopBar(observer(LivePage))
