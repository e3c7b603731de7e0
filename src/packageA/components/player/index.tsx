import { View, Text, Video, LivePlayer } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState, type ForwardedRef } from 'react'
import { env } from '@/env'
import { danmakuSettings } from '@/packageA/components/danmaku/settings'
import { buttonProps } from '@/platform/a11y'
import { audioPlayer } from '@/stores/audio-player'
import { showToast } from '@/ui/overlay'
import { PlayerContext } from './context'
import { MINIPROGRAM_LATENCY_ESTIMATE, setStreamLatency } from './latency'
import { MenuHost } from './menu-host'
import { overlayStyle, useTapToPlayAfterWait } from './overlay'
import {
  isLivePlayerStream,
  playerText,
  type PlayerHandle,
  type PlayerMenu,
  type PlayerProps,
  type PlayerState
} from './play-state'
import { AUTO, qualityOptions, qualityPreference, qualityShort } from './quality'
import { currentNetwork } from '@/ui/network-notice'
import { loadRenditions, type Rendition } from './renditions'
import { resumePosition, resumeToast, savePosition } from './resume'
import { applyQuality, HOLD_RATE, Retry, SaveCadence, sourceFor, streamPlaying, streamStarting } from './rules'
import { useWatchHistory } from './use-watch-history'
import './index.scss'

let players = 0

/**
 * The mini-program player: WeChat's `<video>` with its own controls (full screen with the direction of the video's
 * shape, progress and its swipe for on-demand, double tap to pause or play), picture-in-picture when the viewer leaves
 * the page (push and pop), and ours inside it, kept in full screen: 清晰度 (the source switches to a rendition of the
 * master playlist and seeks back to where it was, live goes on at the edge), 倍速 (on-demand), 弹幕 and 弹幕设置,
 * long press for 2x, resuming where the viewer stopped. The page's children (the flying danmaku, the room's
 * full-screen bar) are `<video>`'s children too, so they stay in full screen. `<live-player>` only for FLV/RTMP and
 * only when configuration allows it (TARO_APP_ALLOW_LIVE_PLAYER=1: it needs a category permission).
 */
export const Player = observer(
  forwardRef(function Player(
    {
      src,
      poster,
      title,
      live,
      blocked,
      orientation = 'landscape',
      resumeId,
      history,
      danmaku,
      onTime,
      onPlayingChange,
      onEnded,
      children
    }: PlayerProps,
    handle: ForwardedRef<PlayerHandle>
  ) {
    const id = useMemo(() => `player-video-${++players}`, [])
    const [state, setState] = useState<PlayerState>('loading')
    const [attempt, setAttempt] = useState(0)
    const [full, setFull] = useState(false)
    const [tools, setTools] = useState(true)
    const [menu, setMenu] = useState<PlayerMenu>(null)
    const [renditions, setRenditions] = useState<Rendition[]>([])
    const [current, setCurrent] = useState(src)
    const [rate, setRate] = useState(1)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again for each new source, and after an unlock
    const start = useMemo(() => (resumeId ? resumePosition(resumeId) : null), [resumeId, src, blocked])
    const position = useRef({ current: 0, duration: 0, toasted: false, saves: new SaveCadence() })
    const seekOnLoad = useRef<number | null>(null)
    const held = useRef(false)
    useWatchHistory(state === 'playing', { resumeId, title, poster, history })
    // WeChat's <video> tells no playlist dates: the time-shift of a channel's programmes is the web's (index.h5.tsx)
    useImperativeHandle(
      handle,
      () => ({
        seekToDate: () => false,
        restart: () => {
          const c = Taro.createVideoContext(id)
          c.seek(0)
          c.play()
        }
      }),
      [id]
    )
    // a failed stream is loaded again by itself (a new <video>) after the backoff's wait; 点击重试 after two minutes
    const retry = useMemo(() => new Retry({ waiting: () => setState('stalled'), gaveUp: () => setState('error') }), [])
    // eslint-disable-next-line react-hooks/exhaustive-deps -- failures are counted afresh for each new source
    useMemo(() => retry.renew(), [src])
    useEffect(() => () => retry.stop(), [retry])
    const failed = () =>
      retry.fail(() => {
        // live goes on at the edge, on demand where it was
        if (!live) seekOnLoad.current = position.current.current || null
        setAttempt((n) => n + 1)
      })
    // the first frame (first-frame.ts) is marked here: the room's parts that wait for it go once the video plays
    const playing = () => {
      streamPlaying(retry)
      if (state !== 'playing') setState('playing')
    }

    // <video> exposes no buffer or playlist here, so a playing live stream counts the documented estimate
    useEffect(() => {
      setStreamLatency(live && state === 'playing' ? MINIPROGRAM_LATENCY_ESTIMATE : null, 'estimate')
    }, [live, state])
    useEffect(() => () => setStreamLatency(null, ''), [])

    // the stream's renditions (清晰度), and the viewer's choice of them from the start; a paid room waiting to be
    // bought loads nothing (its <video> has no src and shows the poster) and starts again once unlocked
    useEffect(() => {
      let mounted = true
      setCurrent(src)
      setRenditions([])
      setState('loading')
      streamStarting()
      position.current = { current: 0, duration: 0, toasted: false, saves: new SaveCadence() }
      if (blocked) return
      void Promise.all([loadRenditions(src), currentNetwork()]).then(([list, network]) => {
        if (!mounted) return
        setRenditions(list)
        // 自动 on a 2G or 3G network starts on the lowest rendition (WeChat's own choice may start higher)
        const lowest = list.length ? Math.min(...list.map((r) => r.height)) : AUTO
        const preferred = sourceFor(
          src,
          list,
          qualityPreference.height === AUTO && network.slow ? lowest : qualityPreference.height
        )
        if (preferred !== src) setCurrent(preferred)
      })
      return () => {
        mounted = false
      }
    }, [src, blocked])

    const context = () => Taro.createVideoContext(id)
    const save = () => {
      const p = position.current
      if (resumeId && p.current > 0) savePosition(resumeId, p.current, p.duration)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves the position when the video changes, goes or is blocked
    useEffect(() => () => save(), [resumeId, src, blocked])

    const chooseQuality = (height: number) => {
      setMenu(null)
      applyQuality(height, () => {
        const next = sourceFor(src, renditions, height)
        if (next === current) return
        // on-demand goes on from where it was; live goes on at the edge
        seekOnLoad.current = live ? null : position.current.current
        setCurrent(next)
      })
    }
    const chooseRate = (r: number) => {
      setMenu(null)
      if (live) return
      context().playbackRate(r)
      setRate(r)
    }

    const livePlayer = isLivePlayerStream(src) && env.TARO_APP_ALLOW_LIVE_PLAYER === '1'
    const playerContext = () => (livePlayer ? Taro.createLivePlayerContext(id) : context())
    // no `play` within 3 s of loading (autoplay refused, or a stream that never starts): 点击播放, which plays it
    useTapToPlayAfterWait(
      state === 'loading' && !blocked,
      () => setState((s) => (s === 'loading' ? 'needs-tap' : s)),
      `${current}#${attempt}`
    )
    // the status layer takes taps only for 点击播放 and 点击重试; loading or rebuffering, taps reach <video>'s controls
    const overlay = state !== 'playing' && !blocked && (
      <View
        className={`player__overlay player__overlay--${state}`}
        style={overlayStyle(state)}
        onClick={() => {
          if (state === 'needs-tap') return playerContext().play()
          if (state !== 'error') return
          retry.succeed()
          setAttempt((n) => n + 1)
        }}
      >
        <Text className='player__text'>{playerText(state, live)}</Text>
        {state === 'error' && <Text className='player__retry'>点击重试</Text>}
      </View>
    )
    if (livePlayer) {
      return (
        <View className='player'>
          <LivePlayer
            key={attempt}
            id={id}
            className='player__video'
            src={blocked ? '' : src}
            mode='live'
            autoplay={!blocked}
            objectFit='contain'
            pictureInPictureMode={['push', 'pop']}
            onStateChange={(e) => {
              const code = Number(e.detail.code)
              if (code === 2004) {
                audioPlayer.pauseForVideo()
                setState('playing')
              } else if (code === 2103 || code === 2105) setState('stalled')
              else if (code < 0) setState('error')
            }}
          >
            <PlayerContext.Provider value={{ fullscreen: full }}>{children}</PlayerContext.Provider>
          </LivePlayer>
          {overlay}
        </View>
      )
    }

    const qualities = qualityOptions(renditions.map((r) => r.height))
    const on = danmakuSettings.settings.on
    const menus = menu ? (
      <MenuHost
        menu={menu}
        qualities={qualities}
        quality={qualityPreference.height}
        rate={rate}
        onQuality={chooseQuality}
        onRate={chooseRate}
        onClose={() => setMenu(null)}
      />
    ) : null
    return (
      <View
        className={`player player--${live ? 'live' : 'vod'}${full ? ' player--full' : ''}`}
        data-quality={qualityPreference.height}
      >
        <Video
          key={attempt}
          id={id}
          className='player__video'
          src={blocked ? '' : current}
          poster={poster}
          title={title}
          isLive={live}
          showCastingButton
          autoplay={!blocked}
          initialTime={start ?? undefined}
          controls
          showFullscreenBtn
          showPlayBtn
          showCenterPlayBtn
          showProgress={!live}
          enableProgressGesture={!live}
          enablePlayGesture
          direction={orientation === 'portrait' ? 0 : 90}
          pictureInPictureMode={['push', 'pop']}
          objectFit='contain'
          onPlay={() => {
            audioPlayer.pauseForVideo() // the radio does not play on under the video
            playing()
            onPlayingChange?.(true)
          }}
          onPause={() => {
            onPlayingChange?.(false)
            save()
          }}
          onEnded={() => {
            onPlayingChange?.(false)
            save()
            if (!live) onEnded?.()
          }}
          onWaiting={() => setState('stalled')}
          onError={failed}
          onFullScreenChange={(e) => setFull(!!e.detail.fullScreen)}
          onControlsToggle={(e) => setTools(!!e.detail.show)}
          onLoadedMetaData={(e) => {
            position.current.duration = Number(e.detail.duration) || 0
            if (seekOnLoad.current !== null) {
              context().seek(seekOnLoad.current)
              seekOnLoad.current = null
            }
          }}
          onTimeUpdate={(e) => {
            const p = position.current
            p.current = Number(e.detail.currentTime) || 0
            p.duration = Number(e.detail.duration) || p.duration
            playing()
            if (start !== null && !p.toasted) {
              p.toasted = true
              void showToast(resumeToast(start))
            }
            onTime?.(p.current)
            if (!live && p.saves.due(Date.now())) save()
          }}
          onLongPress={() => {
            if (live) return
            held.current = true
            context().playbackRate(HOLD_RATE)
            void showToast('2倍速播放中')
          }}
          onTouchEnd={() => {
            if (!held.current) return
            held.current = false
            context().playbackRate(rate)
          }}
        >
          <PlayerContext.Provider value={{ fullscreen: full }}>{children}</PlayerContext.Provider>
          {tools && (
            <View className='player__tools'>
              {danmaku && (
                <Text
                  className={`player__tool player__danmaku-toggle${on ? ' player__danmaku-toggle--on' : ''}`}
                  {...buttonProps(on ? '关闭弹幕' : '打开弹幕')}
                  onClick={() => danmakuSettings.update({ on: !on })}
                >
                  弹
                </Text>
              )}
              {danmaku && (
                <Text
                  className='player__tool player__danmaku-settings'
                  {...buttonProps('弹幕设置')}
                  onClick={() => setMenu('danmaku')}
                >
                  弹幕设置
                </Text>
              )}
              {!live && (
                <Text className='player__tool player__speed' {...buttonProps('倍速')} onClick={() => setMenu('speed')}>
                  {rate === 1 ? '倍速' : `${rate}x`}
                </Text>
              )}
              {qualities.length > 0 && (
                <Text
                  className='player__tool player__quality'
                  {...buttonProps('清晰度')}
                  onClick={() => setMenu('quality')}
                >
                  {qualityShort(qualityPreference.height)}
                </Text>
              )}
            </View>
          )}
          {full && menu ? (
            <View className='player__menu-layer player__menu-layer--full' onClick={() => setMenu(null)}>
              {menus}
            </View>
          ) : null}
          {overlay}
        </Video>
        {!full && menu ? (
          <View className='player__menu-layer' onClick={() => setMenu(null)}>
            {menus}
          </View>
        ) : null}
      </View>
    )
  })
)

/** Mini-program: WeChat's <video> / <live-player> load their own stream; nothing to start ahead (hls-engine.h5.ts). */
export function prefetchStream(_src: string): void {}
