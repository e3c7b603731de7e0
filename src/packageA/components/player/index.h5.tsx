import { observer } from 'mobx-react-lite'
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type ForwardedRef } from 'react'
import { audioPlayer } from '@/stores/audio-player'
import { danmakuSettings } from '@/packageA/components/danmaku/settings'
import { PlayerContext } from './context'
import type { HlsInstance } from './hls-engine.h5'
import { streamLatency } from './latency'
import { MenuHost } from './menu-host'
import { overlayStyle, useTapToPlayAfterWait } from './overlay'
import { playerText, type PlayerHandle, type PlayerMenu, type PlayerProps, type PlayerState } from './play-state'
import { qualityOptions, qualityPreference } from './quality'
import { applyQuality } from './rules'
import { useFullscreen } from './use-fullscreen.h5'
import { useHlsEngine } from './use-hls-engine.h5'
import { useInput } from './use-input.h5'
import { usePip } from './use-pip.h5'
import { useTimeShift } from './use-time-shift.h5'
import { useWatchHistory } from './use-watch-history'
import { Controls } from './web-controls'
import { playbackInfo } from './web-stream'
import './index.scss'

export { prefetchStream } from './hls-engine.h5'

/**
 * The H5 player: the video (hls.js loaded on demand, Safari's native HLS on iOS) in a box that goes full screen with
 * what is drawn over it, its own controls (清晰度, 倍速 for on-demand, 弹幕 and 弹幕设置, 画中画 where the browser has
 * it, 全屏), touch gestures and keys, resuming where the viewer stopped, autoplay with a tap-to-play cover, and
 * recovery from network and media errors and from stalls.
 *
 * The core: the player's state and what it draws. Each concern is a part of its own: the stream (use-hls-engine.h5.ts,
 * hls-engine.h5.ts), time-shift (use-time-shift.h5.ts), full screen (use-fullscreen.h5.ts), 画中画 (use-pip.h5.ts),
 * the viewer's input (use-input.h5.ts), and the rules both players share (rules.ts).
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
      children,
      chapters,
      onWindow
    }: PlayerProps,
    handle: ForwardedRef<PlayerHandle>
  ) {
    const box = useRef<HTMLDivElement | null>(null)
    const ref = useRef<HTMLVideoElement | null>(null)
    const [video, setVideo] = useState<HTMLVideoElement | null>(null)
    const hlsRef = useRef<HlsInstance | null>(null)
    const [state, setState] = useState<PlayerState>('loading')
    const [attempt, setAttempt] = useState(0)
    const [paused, setPaused] = useState(true)
    const [heights, setHeights] = useState<number[]>([])
    const [playingHeight, setPlayingHeight] = useState(0)
    const [rate, setRate] = useState(1)
    const [menu, setMenu] = useState<PlayerMenu>(null)
    const holdRate = useRef<number | null>(null)
    useWatchHistory(state === 'playing', { resumeId, title, poster, history })

    const bindVideo = useCallback((el: HTMLVideoElement | null) => {
      ref.current = el
      setVideo(el)
    }, [])

    // ---- time-shift (回看): a live stream with a window can be dragged back; 回到直播 returns to the edge
    const shift = useTimeShift(ref, video, { live, src, blocked, chapters, onWindow, hlsRef })
    const { timeshift, shiftAt, goLive } = shift
    // no `playing` within 3 s of loading (autoplay refused without a rejection, a stream that never starts): 点击播放
    useTapToPlayAfterWait(
      state === 'loading' && !blocked && !!src,
      () => setState((s) => (s === 'loading' ? 'needs-tap' : s)),
      `${src}#${attempt}#${shiftAt}`
    )

    // ---- the stream: loaded only while the room lets it play
    const engine = useHlsEngine(ref, {
      src,
      live,
      blocked,
      shiftAt,
      attempt,
      resumeId,
      hlsRef,
      followsEdge: shift.followsEdge,
      rateHeld: () => holdRate.current !== null,
      events: {
        state: setState,
        paused: setPaused,
        heights: setHeights,
        playingHeight: setPlayingHeight,
        rate: setRate,
        reload: () => setAttempt((n) => n + 1),
        time: onTime,
        playingChange: (on) => {
          if (on) audioPlayer.pauseForVideo() // the radio does not play on under the video (as the mini-program's)
          onPlayingChange?.(on)
        }
      }
    })
    // ---- the end of an on-demand video (a playback's end screen), and 重播 from the start
    const ended = useRef(onEnded)
    ended.current = onEnded
    useEffect(() => {
      if (!video || live) return undefined
      const end = () => ended.current?.()
      video.addEventListener('ended', end)
      return () => video.removeEventListener('ended', end)
    }, [video, live])
    const restart = () => {
      const v = ref.current
      if (!v) return
      v.currentTime = 0
      v.play().catch(() => setState('needs-tap'))
    }
    useImperativeHandle(
      handle,
      () => ({ seekToDate: shift.seekToDate, restart }),
      // eslint-disable-next-line react-hooks/exhaustive-deps -- seekToDate reads refs, setters and src only
      [live, src]
    )

    // ---- 清晰度
    const qualities = qualityOptions(heights)
    const chooseQuality = (height: number) => {
      setMenu(null)
      applyQuality(height, engine.applyQuality)
    }

    // ---- 倍速 (on-demand only)
    const chooseRate = (r: number) => {
      setMenu(null)
      if (live || !ref.current) return
      ref.current.playbackRate = r
      setRate(r)
    }

    // ---- play / pause, seek
    const togglePlay = () => {
      const v = ref.current
      if (!v) return
      if (v.paused) v.play().catch(() => setState('needs-tap'))
      else engine.pause()
    }
    const seekTo = (t: number) => {
      const v = ref.current
      if (!v) return
      if (live) return shift.seek(t)
      if (!Number.isFinite(v.duration)) return
      v.currentTime = Math.max(0, Math.min(v.duration - 0.5, t))
    }

    // ---- full screen: the box with what is drawn over the video; a landscape video turns landscape
    const { full, rotated, toggle: toggleFullscreen } = useFullscreen(box, orientation !== 'portrait')
    // ---- 画中画 (where the browser has the Picture-in-Picture API)
    const { pip, toggle: togglePip } = usePip(video)
    // ---- the viewer's input: controls shown on a touch, keys, gestures
    const { controlsShown, showControls, hint, pointer } = useInput({
      box,
      video: ref,
      live,
      blocked,
      state,
      paused,
      menu,
      rotated,
      holdRate,
      togglePlay,
      seekTo,
      toggleFullscreen: () => void toggleFullscreen(),
      toggleDanmaku: danmaku ? () => danmakuSettings.update({ on: !danmakuSettings.settings.on }) : undefined
    })

    const on = danmakuSettings.settings.on
    const className = [
      'player',
      `player--${live ? 'live' : 'vod'}`,
      full !== 'off' ? 'player--full' : '',
      full === 'page' ? 'player--page-full' : '',
      rotated ? 'player--rotated' : '',
      controlsShown ? 'player--controls' : ''
    ]
      .filter(Boolean)
      .join(' ')
    return (
      <div
        ref={box}
        className={className}
        data-state={state}
        data-fullscreen={full}
        data-quality={qualityPreference.height}
      >
        <div className='player__frame'>
          <video
            ref={bindVideo}
            className='player__video'
            poster={poster}
            playsInline
            webkit-playsinline='true'
            x5-playsinline='true'
            x5-video-player-type='h5-page'
            autoPlay
            preload='auto'
          />
          <PlayerContext.Provider value={{ fullscreen: full !== 'off' }}>{children}</PlayerContext.Provider>
          <div
            className='player__gestures'
            aria-hidden='true'
            onPointerDown={pointer.onPointerDown}
            onPointerMove={pointer.onPointerMove}
            onPointerUp={pointer.onPointerUp}
            onPointerCancel={pointer.onPointerCancel}
            onContextMenu={(e) => e.preventDefault()}
          />
          {hint ? <div className='player__hint'>{hint}</div> : null}
          {timeshift?.behind && !controlsShown ? (
            // watching the past with the controls hidden: the way back stays in reach
            <button type='button' className='player__go-live player__go-live--float' onClick={goLive}>
              回到直播
            </button>
          ) : null}
          {state !== 'playing' && !blocked && (
            <div
              className={`player__overlay player__overlay--${state}`}
              // taps only for 点击播放 and 点击重试; loading or rebuffering, they reach the controls (overlay.ts)
              style={overlayStyle(state)}
              onClick={() => {
                if (state === 'needs-tap') ref.current?.play().catch(() => undefined)
                if (state === 'error') setAttempt((n) => n + 1)
              }}
            >
              {state === 'loading' || state === 'stalled' ? <div className='player__spinner' /> : null}
              {state === 'needs-tap' ? <div className='player__big-play' aria-hidden='true' /> : null}
              <span
                className='player__text'
                role={state === 'needs-tap' || state === 'error' ? 'button' : undefined}
                tabIndex={state === 'needs-tap' || state === 'error' ? 0 : undefined}
              >
                {playerText(state, live)}
              </span>
              {state === 'error' && <span className='player__retry'>点击重试</span>}
            </div>
          )}
          <Controls
            video={video}
            live={live}
            visible={controlsShown}
            paused={paused}
            fullscreen={full !== 'off'}
            danmaku={!!danmaku}
            danmakuOn={on}
            qualities={qualities}
            quality={qualityPreference.height}
            playingHeight={playingHeight}
            rate={rate}
            timeshift={timeshift}
            menu={menu}
            onTogglePlay={togglePlay}
            onSeek={seekTo}
            onLive={goLive}
            onMenu={(m) => {
              setMenu(m)
              showControls()
            }}
            onDanmaku={() => danmakuSettings.update({ on: !on })}
            onFullscreen={() => void toggleFullscreen()}
            onActivity={showControls}
          />
          {menu ? (
            <div className='player__menu-layer' onClick={() => setMenu(null)}>
              <MenuHost
                menu={menu}
                qualities={qualities}
                quality={qualityPreference.height}
                rate={rate}
                pip={pip}
                onQuality={chooseQuality}
                onRate={chooseRate}
                onPip={() => {
                  setMenu(null)
                  togglePip()
                }}
                onInfo={() => setMenu('info')}
                readInfo={() =>
                  ref.current
                    ? playbackInfo(ref.current, hlsRef.current, live, streamLatency.seconds, qualityPreference.height)
                    : []
                }
                onClose={() => setMenu(null)}
              />
            </div>
          ) : null}
        </div>
      </div>
    )
  })
)
