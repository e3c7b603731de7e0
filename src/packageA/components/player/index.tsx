import { View, Text, Video, LivePlayer } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { env } from '@/env'
import { MINIPROGRAM_LATENCY_ESTIMATE, setStreamLatency } from './latency'
import { PLAYER_TEXT, isLivePlayerStream, type PlayerProps, type PlayerState } from './phase'
import './index.scss'

/**
 * The mini-program player: <video> for HLS; <live-player> only for FLV/RTMP and only when configuration allows it
 * (TARO_APP_ALLOW_LIVE_PLAYER=1: it needs a category permission). The native components retry and reconnect.
 */
export function Player({ src, poster, live, blocked }: PlayerProps) {
  const [state, setState] = useState<PlayerState>('loading')
  const [attempt, setAttempt] = useState(0)
  // <video> exposes no buffer or playlist here, so a playing live stream counts the documented estimate
  useEffect(() => {
    setStreamLatency(live && state === 'playing' ? MINIPROGRAM_LATENCY_ESTIMATE : null, 'estimate')
  }, [live, state])
  useEffect(() => () => setStreamLatency(null, ''), [])
  const overlay = state !== 'playing' && !blocked && (
    <View className={`player__overlay player__overlay--${state}`} onClick={() => state === 'error' && setAttempt((n) => n + 1)}>
      <Text className='player__text'>{PLAYER_TEXT[state]}</Text>
      {state === 'error' && <Text className='player__retry'>点击重试</Text>}
    </View>
  )
  if (isLivePlayerStream(src) && env.TARO_APP_ALLOW_LIVE_PLAYER === '1') {
    return (
      <View className='player'>
        <LivePlayer
          key={attempt}
          className='player__video'
          src={src}
          mode='live'
          autoplay={!blocked}
          objectFit='contain'
          onStateChange={(e) => {
            const code = Number(e.detail.code)
            if (code === 2004) setState('playing')
            else if (code === 2103 || code === 2105) setState('stalled')
            else if (code < 0) setState('error')
          }}
        />
        {overlay}
      </View>
    )
  }
  return (
    <View className='player'>
      <Video
        key={attempt}
        className='player__video'
        src={src}
        poster={poster}
        autoplay={!blocked}
        controls={!live}
        showProgress={!live}
        showCenterPlayBtn
        objectFit='contain'
        onPlay={() => setState('playing')}
        onWaiting={() => setState('stalled')}
        onTimeUpdate={() => state !== 'playing' && setState('playing')}
        onError={() => setState('error')}
      />
      {overlay}
    </View>
  )
}

/** Mini-program: WeChat's <video> / <live-player> load their own stream; nothing to start ahead (index.h5.tsx). */
export function prefetchStream(_src: string): void {}
