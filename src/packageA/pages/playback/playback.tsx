import { View, Text, Input } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { useDidHide, useReachBottom, useRouter, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useRef, useState } from 'react'
import { PageState } from '@/components/page-state'
import { loginPrompt } from '@/stores/login-prompt'
import { PlaybackStore, canSendDanmaku } from './store'
import { EndScreen, PlaybackStreamer, RelatedList, openPlayback } from './parts'
import { ShareSheet } from '@/packageA/components/room/share-sheet'
import { showToast } from '@/ui/overlay'
import { formatCount, formatTime, fromNow } from '@/utils/format'
import { shareImage } from '@/utils/image'
import { maskPhones, stripHtml } from '@/utils/validate'
import './playback.scss'
import { displayName } from '@/utils/names'
import { ListFoot } from '@/components/list-foot'
import { ListState } from '@/components/list-state'
import { buttonProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { FlyingLayer, FullscreenSendBox, useTimedDanmaku } from '@/packageA/components/danmaku'
import { Player } from '@/packageA/components/player'
import type { PlayerHandle } from '@/packageA/components/player/play-state'
import { FullscreenOnly } from '@/packageA/components/player/context'
import { PlaybackPremiumBanner } from '@/packageA/components/interact/premium-banner'
import { playbackPremiumStore } from '@/packageA/components/interact/premium-store'
import { useKeyboardLift } from '@/hooks/use-keyboard-lift'
import { useDraft } from '@/packageA/components/draft/use-draft'
import { withTopBar } from '@/components/top-bar'

/**
 * A playback (spec R2.9): the recording in the player (清晰度, 倍速, full screen, resuming where the viewer stopped)
 * with its timed danmaku flying by 弹幕设置 (sent while playing or paused, R5.11), the streamer with 关注 and 分享,
 * likes, 相关推荐 and comments. At its end, the end screen: 重播, the next recording (played after a countdown the
 * viewer can cancel) and related ones. A paid playback (R1.6, R7.88 by review_id) shows the paid banner under the
 * video: its trial, then nothing plays until it is bought.
 */
function PlaybackPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const store = useMemo(() => new PlaybackStore(id), [id])
  const playing = useRef(false)
  const player = useRef<PlayerHandle>(null)
  const [sharing, setSharing] = useState(false)
  const [text, setText] = useState('')
  // the comment needs a login: its text is kept over the login's round trip (R4.6)
  const [comment, setComment] = useDraft(id ? `comment:${id}` : null)
  // the keyboard lifts each input's bar, not the page (the video stays on screen)
  const danmakuLift = useKeyboardLift()
  const commentLift = useKeyboardLift()
  const timed = useTimedDanmaku(store.danmaku)
  useEffect(() => {
    if (id) void store.load().then(() => store.detail && setPageTitle(store.detail.title))
    return () => store.stopCountdown()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when store changes; what else it reads belongs to those
  }, [store])
  // a page opened over the end screen (the streamer's) or the app left stops the countdown: its redirect would replace
  // the page the viewer went to; back here, 播放下一个 waits for a tap
  useDidHide(() => store.cancelAutoplay())
  useReachBottom(() => {
    store.comments.load().catch(() => undefined)
  })
  useShareAppMessage(() => ({
    title: store.detail?.title || '精彩回看',
    path: `/packageA/pages/playback/playback?id=${id}`,
    imageUrl: shareImage(store.detail?.cover || '')
  }))
  if (!id) return <PageState error='回看不存在或已下线' />
  const d = store.detail
  if (!d) return store.error ? <PageState error={store.error} onRetry={() => store.load()} /> : <PageState loading />

  const sendDanmaku = () => {
    // the video's context: playing or paused (a viewer pauses to write); none while a paid playback is blocked
    const context = playbackPremiumStore.blocked(id) ? null : { playing: playing.current }
    if (!canSendDanmaku(text, context)) return showToast(text.trim() ? '购买后才能发送弹幕' : '请输入弹幕内容')
    timed.sendOwn(text.trim())
    setText('')
  }
  const sendComment = async () => {
    if (!(await loginPrompt.requireLogin())) return
    const result = await store.comment(comment)
    if (result === null) return // the comment tapped before is still on its way: its own answer says how it went
    if (result === true) {
      setComment('')
      void showToast('评论成功')
    } else void showToast(result)
  }
  const list = store.comments
  return (
    <View className='playback'>
      <View className='playback__video'>
        <Player
          ref={player}
          src={d.source || ''}
          poster={d.cover}
          title={stripHtml(d.title)}
          live={false}
          blocked={playbackPremiumStore.blocked(id)}
          resumeId={`playback:${id}`}
          history={{ page: 'playback', query: { id } }}
          danmaku
          onTime={timed.onTime}
          onPlayingChange={(p) => {
            playing.current = p
            if (p) store.resume() // playing again (重播, a seek back and play): the end screen goes
          }}
          onEnded={() => store.end((next) => openPlayback(next.id))}
        >
          <FlyingLayer source={timed.source} />
          <EndScreen
            store={store}
            onReplay={() => {
              store.resume()
              player.current?.restart()
            }}
          />
          <FullscreenOnly>
            <View className='playback__fs-bar'>
              <FullscreenSendBox text={text} setText={setText} send={sendDanmaku} />
            </View>
          </FullscreenOnly>
        </Player>
      </View>
      <PlaybackPremiumBanner playbackId={id} />
      <View className='playback__info'>
        <Text className='playback__title'>{stripHtml(d.title)}</Text>
        <Text className='playback__meta'>
          {formatCount(d.views || 0)}次观看 · {d.time ? formatTime(d.time, 'YYYY-MM-DD') : ''}
        </Text>
        <PlaybackStreamer detail={d} onShare={() => setSharing(true)} />
        {d.description ? <Text className='playback__desc'>{maskPhones(stripHtml(d.description))}</Text> : null}
        <View className='playback__actions'>
          <Text
            className={`playback__like${store.liked ? ' playback__like--on' : ''}`}
            {...buttonProps(`${store.liked ? '已赞' : '点赞'}，${formatCount(d.likes || 0)}赞`)}
            onClick={async () => {
              if (store.liked) return showToast('已经赞过了')
              const ok = await store.like().catch(() => false)
              if (!ok) void showToast('点赞失败，请稍后再试')
            }}
          >
            {store.liked ? '♥ 已赞' : '♡ 点赞'} {formatCount(d.likes || 0)}
          </Text>
        </View>
      </View>
      <View className='playback__danmaku-bar' style={danmakuLift.barStyle}>
        <Input
          {...danmakuLift.inputProps}
          className='playback__input'
          value={text}
          placeholder='发一条弹幕'
          confirmType='send'
          onInput={(e) => setText(e.detail.value)}
          onConfirm={sendDanmaku}
        />
        <Text className='playback__send' {...buttonProps()} onClick={sendDanmaku}>
          发送
        </Text>
      </View>
      <RelatedList store={store} />
      <View className='playback__comments'>
        <Text className='playback__section'>评论 {list.total || ''}</Text>
        <View className='playback__danmaku-bar' style={commentLift.barStyle}>
          <Input
            {...commentLift.inputProps}
            className='playback__input'
            value={comment}
            placeholder='说点什么…'
            confirmType='send'
            onInput={(e) => setComment(e.detail.value)}
            onConfirm={sendComment}
          />
          <Text className='playback__send' {...buttonProps()} onClick={sendComment}>
            评论
          </Text>
        </View>
        {/* loading, a failure with 重新加载, or none: comments that failed to load are never 还没有评论 */}
        <ListState list={list} emptyText='还没有评论，来抢沙发吧' />
        {list.list.map((c) => (
          <View key={c.id} className='comment' data-comment={c.id}>
            <AltImage className='comment__avatar' src={c.user?.avatar || ''} alt={displayName(c.user, '用户')} />
            <View className='comment__body'>
              <Text className='comment__name'>{displayName(c.user, '用户')}</Text>
              <Text className='comment__text'>{maskPhones(stripHtml(c.content))}</Text>
              <Text className='comment__time'>{fromNow(c.time)}</Text>
            </View>
          </View>
        ))}
        <ListFoot list={list} className='playback__more' />
      </View>
      {sharing ? (
        <ShareSheet
          title={stripHtml(d.title)}
          sub={`${displayName(d.streamer, '主播')} 的回放`}
          cover={d.cover}
          path={`/packageA/pages/playback/playback?id=${id}`}
          onClose={() => setSharing(false)}
        />
      ) : null}
    </View>
  )
}

export default withTopBar(observer(PlaybackPage))
