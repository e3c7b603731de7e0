import { View, Text, ScrollView, Input, Button } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { RoomInfo, RoomTab } from '@/api/live'
import { normalizeStreamer } from '@/api/streamer'
import { env } from '@/env'
import { requestSubscription } from '@/platform/subscribe'
import { openLink, openPage } from '@/router/navigate'
import { liveStore } from '@/stores/live'
import { afterFirstFrame } from '@/packageA/components/player/first-frame'
import { sessionStore } from '@/stores/session'
import { loginPrompt } from '@/stores/login-prompt'
import { streamerStore } from '@/stores/streamer'
import { showToast } from '@/ui/overlay'
import { formatCount, formatTime } from '@/utils/format'
import { shareImage } from '@/utils/image'
import { stripHtml } from '@/utils/validate'
import './index.scss'
import { posterCode } from './poster-code'
import { ShareSheet } from './share-sheet'
import { displayName } from '@/utils/names'
import { buttonProps, hiddenProps, linkProps, tablistProps, tabProps } from '@/platform/a11y'

export { SHARE_TIP } from './share-sheet'

function streamerName(room: RoomInfo) {
  return displayName(room.streamer, '主播')
}

/** Streamer, online count and the follow button (R1.2, R4.25, R4.26); a 401 opens the login prompt. */
export const RoomHeader = observer(function RoomHeader({ room, onPoster }: { room: RoomInfo; onPoster: () => void }) {
  const follow = streamerStore.followOf(room.id)
  const stats = liveStore.stats[room.id]
  useEffect(() => {
    if (sessionStore.isLoggedIn) streamerStore.loadFollowState(room.id).catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when room.id, sessionStore.isLoggedIn change; what else it reads belongs to those
  }, [room.id, sessionStore.isLoggedIn])
  const toggle = async () => {
    const s = room.streamer
    // the streamer keeps their own room (a streamer may host several rooms); the follow is made from this room
    const streamer = normalizeStreamer({ ...(s || {}), id: s?.id ?? 0, room_id: s?.room_id || room.id })
    await streamerStore.tapFollow(streamer, room.id).catch(() => null)
  }
  return (
    <View className='room-header'>
      <AltImage
        className='room-header__avatar'
        src={room.streamer?.avatar || ''}
        alt={streamerName(room)}
        onClick={() => openPage('streamerDetail', { roomid: room.id })}
      />
      <View className='room-header__body'>
        <Text className='room-header__name'>{streamerName(room)}</Text>
        <Text className='room-header__meta'>
          {formatCount(stats?.online ?? room.online ?? 0)}人在看 · {formatCount(stats?.likes ?? room.likes ?? 0)}赞
        </Text>
      </View>
      <Text className='room-header__share' {...buttonProps()} onClick={onPoster}>
        分享
      </Text>
      <Text
        className={`room-header__follow${follow.following ? ' room-header__follow--on' : ''}`}
        {...buttonProps()}
        onClick={toggle}
      >
        {follow.following ? '已关注' : '+ 关注'}
      </Text>
    </View>
  )
})

const SUBSCRIBED_TEXT = '预约成功，开播时提醒您'

/** The card shown instead of the stream before the start and after the end. */
export const PhaseCard = observer(function PhaseCard({
  room,
  phase
}: {
  room: RoomInfo
  phase: 'not-started' | 'ended'
}) {
  const follow = streamerStore.followOf(room.id)
  const subscribe = async () => {
    if (follow.subscribed) return
    // Ask inside the tap (WeChat requires it); a subscription needs an accept decision (R5.13).
    const decision = await requestSubscription(env.TARO_APP_TMPL_LIVE_START)
    if (decision !== 'accept') return showToast('已取消预约')
    const remind = () => streamerStore.subscribe(room.id).catch(() => false)
    // a visitor's tap (accepted above): the reminder is set once the login brings them back (R4.6)
    if (!(await loginPrompt.requireLogin(async () => ((await remind()) ? SUBSCRIBED_TEXT : null)))) return
    if (await remind()) void showToast(SUBSCRIBED_TEXT)
  }
  return (
    <View className='phase-card' style={room.cover ? { backgroundImage: `url(${room.cover})` } : undefined}>
      <View className='phase-card__mask'>
        {phase === 'not-started' ? (
          <>
            <Text className='phase-card__title'>直播未开始</Text>
            {room.start_time ? (
              <Text className='phase-card__time'>{formatTime(room.start_time, 'MM月DD日 HH:mm')} 开播</Text>
            ) : null}
            {/* always bound: in the mini-program Taro throws when a Text loses its last listener (no pure-text template) */}
            <Text
              className={`phase-card__btn${follow.subscribed ? ' phase-card__btn--done' : ''}`}
              {...buttonProps()}
              onClick={subscribe}
            >
              {follow.subscribed ? '已预约' : '预约提醒'}
            </Text>
          </>
        ) : (
          <>
            <Text className='phase-card__title'>直播已结束</Text>
            {room.review_id ? (
              <Text
                className='phase-card__btn'
                {...linkProps()}
                onClick={() => openPage('playback', { id: room.review_id })}
              >
                观看回放
              </Text>
            ) : null}
            <OnAirRooms roomId={room.id} />
          </>
        )}
      </View>
    </View>
  )
})

/** An ended room's card offers other rooms on air (live store's onAirRooms, asked for as the card shows). */
const OnAirRooms = observer(function OnAirRooms({ roomId }: { roomId: number }) {
  const rooms = liveStore.onAirRooms[roomId]
  useEffect(() => {
    if (!liveStore.onAirRooms[roomId]) void liveStore.loadOnAirRooms(roomId)
  }, [roomId])
  if (!rooms?.length) return null
  return (
    <View className='phase-card__rooms'>
      <Text className='phase-card__rooms-title'>正在直播</Text>
      <ScrollView scrollX className='phase-card__rooms-list'>
        {rooms.map((r) => (
          <Text
            key={r.id}
            data-room={r.id}
            className='phase-card__room'
            {...linkProps()}
            onClick={() => Taro.redirectTo({ url: `/packageA/pages/live/live?roomid=${r.id}` })}
          >
            {r.title}
          </Text>
        ))}
      </ScrollView>
    </View>
  )
})

/** The rooms of the room's group, as a switcher inside the room (R4.24). */
/** `afterVideo`: the group's rooms are asked for after the video's first frame (player/first-frame.ts). */
export const GroupSwitcher = observer(function GroupSwitcher({
  roomId,
  afterVideo
}: {
  roomId: number
  afterVideo?: boolean
}) {
  const [rooms, setRooms] = useState<{ id: number; title: string; onair: number; cover?: string }[] | null>(null)
  useEffect(() => {
    let mounted = true
    setRooms(null)
    void (afterVideo ? afterFirstFrame() : Promise.resolve())
      .then(() => liveStore.loadGroupRooms(roomId))
      .then((list) => mounted && setRooms(list))
    return () => {
      mounted = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when roomId changes; what else it reads belongs to those
  }, [roomId])
  if (!rooms) {
    // the group's rooms come after the video's first frame: their strip keeps its place from the start (the groups
    // file came with the room), so nothing below it moves when they arrive
    if (liveStore.groupSize(roomId) < 2) return null
    return (
      <View className='group-switcher group-switcher--waiting'>
        <View className='group-switcher__item group-switcher__item--waiting' />
        <View className='group-switcher__item group-switcher__item--waiting' />
      </View>
    )
  }
  if (rooms.length < 2) return null
  return (
    <ScrollView scrollX className='group-switcher' {...tablistProps('同组直播间')}>
      {rooms.map((r) => (
        <View
          key={r.id}
          data-room={r.id}
          className={`group-switcher__item${r.id === roomId ? ' group-switcher__item--on' : ''}`}
          {...tabProps(r.id === roomId)}
          onClick={() => r.id !== roomId && Taro.redirectTo({ url: `/packageA/pages/live/live?roomid=${r.id}` })}
        >
          <Text className='group-switcher__title'>{r.title}</Text>
          {r.onair === 1 && <Text className='group-switcher__live'>直播中</Text>}
        </View>
      ))}
    </ScrollView>
  )
})

type TabLike = Pick<RoomTab, 'title' | 'url' | 'content' | 'topic_id' | 'album_id'> & { type?: RoomTab['type'] }

/** The page a 图文 (timeline, topic_id) or 相册 (album, album_id) tab opens, and its link text. */
function tabPage(tab: TabLike): { open: () => unknown; text: string } | null {
  if (tab.type === 'timeline' && tab.topic_id)
    return { open: () => openPage('timeline', { id: tab.topic_id }), text: `查看${tab.title}直播` }
  if (tab.type === 'album' && tab.album_id)
    return { open: () => openPage('album', { id: tab.album_id }), text: `查看${tab.title}` }
  return null
}

/**
 * Whether an external tab has something to show: text, a link, its 图文 or 相册 page, or goods (the 商品 tab). The 互动
 * tab (chat) lists the room's activities and is the live page's to decide. A tab with nothing is not shown.
 */
export function tabHasContent(tab: TabLike): boolean {
  return tab.type === 'goods' || !!(tab.content || tab.url || tabPage(tab))
}

/** Content of an external tab: text, a link opened through the link router, or its 图文 / 相册 page. */
export function ExternalTab({ tab }: { tab: TabLike }) {
  const page = tabPage(tab)
  return (
    <View className='external-tab'>
      {tab.content ? <Text className='external-tab__text'>{stripHtml(tab.content)}</Text> : null}
      {tab.url ? (
        <Text className='external-tab__link' {...linkProps()} onClick={() => openLink(tab.url)}>
          查看{tab.title}
        </Text>
      ) : null}
      {page ? (
        <Text className='external-tab__link' {...linkProps()} onClick={() => void page.open()}>
          {page.text}
        </Text>
      ) : null}
      {!tabHasContent(tab) ? <Text className='external-tab__text'>暂无内容</Text> : null}
    </View>
  )
}

/** The password prompt's hint, and the text a wrong password gets when the server sends none (R3.9). */
export const PASSWORD_HINT = '该直播间需要输入密码'
const PASSWORD_REFUSED = '直播间密码错误'

/** Back where the viewer came from; home when the room was the first page (a shared link). */
function leaveRoom() {
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack().catch(() => openPage('home'))
  else void openPage('home')
}

/**
 * A password-protected room asks for its password (R3.9): the room's title and cover (its refusal carries them), the
 * password field, and a way back. A refused password is said in text that passes AA and is announced (role alert);
 * the room's key then stays for the session (src/core/room-access.ts), so a reload does not ask again.
 */
export const PasswordForm = observer(function PasswordForm({ roomId }: { roomId: number }) {
  const error = liveStore.roomErrors[roomId]
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const title = error?.title || '直播间'
  const refused = tried && !busy && error?.needPassword ? error.msg || PASSWORD_REFUSED : ''
  const submit = async () => {
    if (busy) return
    if (!password.trim()) return showToast('请输入直播间密码')
    setBusy(true)
    setTried(true)
    await liveStore.loadRoom(roomId, { password: password.trim() })
    setBusy(false)
  }
  return (
    <View className='password-form'>
      <View className='password-form__back' {...buttonProps('返回')} onClick={leaveRoom}>
        <Text {...hiddenProps}>‹</Text>
        <Text className='password-form__back-text'>返回</Text>
      </View>
      {error?.cover ? (
        <AltImage className='password-form__cover' src={error.cover} mode='aspectFill' alt={title} />
      ) : (
        <View className='password-form__cover' />
      )}
      <Text className='password-form__title'>{title}</Text>
      <Text className='password-form__hint'>{PASSWORD_HINT}</Text>
      <Input
        className='password-form__input'
        password
        value={password}
        placeholder='请输入直播间密码'
        onInput={(e) => setPassword(e.detail.value)}
        onConfirm={submit}
      />
      <View className='password-form__error' role='alert'>
        {refused ? <Text className='password-form__error-text'>{refused}</Text> : null}
      </View>
      <Button className='password-form__btn' loading={busy} onClick={submit}>
        进入直播间
      </Button>
    </View>
  )
})

/** Share payload of a room (spec R3.54): title, link, image through the share resize preset (R7.108). */
export function roomShare(room: RoomInfo) {
  return {
    title: room.share?.title || room.title,
    path: `/packageA/pages/live/live?roomid=${room.id}`,
    imageUrl: shareImage(room.share?.image || room.cover || '')
  }
}

/**
 * The room's share sheet: a poster with the room's code to save or screenshot (the web QR code of the room's page on
 * H5, R7.39: roomid, width 300; the mini-program code of the live page in the mini-program, ./poster-code.ts), 保存图片,
 * 复制链接 and, in WeChat's browser, the 点击右上角分享 guide (./share-sheet.tsx).
 */
export function Poster({ room, onClose }: { room: RoomInfo; onClose: () => void }) {
  return (
    <ShareSheet
      title={room.title}
      sub={`${streamerName(room)} 正在直播`}
      cover={room.cover}
      code={posterCode(room.id)}
      path={roomShare(room).path}
      onClose={onClose}
    />
  )
}
