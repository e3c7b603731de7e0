import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { buttonProps, disabledButtonProps } from '../aria'
import { ActivityCard } from '../card'
import { openRecords } from '../records'
import type { ViewProps } from '../types'
import { shakeOffered, startShake } from './motion'
import { parseInterval, type RainStore } from './store'
import './view.scss'

/** Packets per wave and how long one takes to fall (ms). */
export const WAVE_SIZE = 6
export const FALL_MS = 4000
/** What 摇一摇 says once the viewer's chances are used (the server's count: rain/mine, rain/draw's remain). */
export const NO_CHANCES = '机会已用完'

interface Packet {
  id: number
  left: number
  delay: number
}

/**
 * The rain game: waves of red packets fall, one wave after each `interval` step (cycling); a tap on a packet draws
 * (the store keeps to `count` and `throttle`), and the prize or the miss shows at once.
 */
function RainGame({ store }: { store: RainStore }) {
  const [packets, setPackets] = useState<Packet[]>([])
  const seq = useRef(0)
  const steps = parseInterval(store.rain?.interval)
  useEffect(() => {
    let step = 0
    let timer: ReturnType<typeof setTimeout>
    const wave = () => {
      const born = Array.from({ length: WAVE_SIZE }, (_, i) => ({
        id: ++seq.current,
        left: 5 + Math.round(Math.random() * 80),
        delay: i * 350
      }))
      setPackets((p) => [...p.slice(-WAVE_SIZE), ...born])
      timer = setTimeout(wave, steps[step++ % steps.length] * 1000)
    }
    wave()
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one wave sequence per rain; its steps are fixed for that rain
  }, [store.rain?.actId])
  return (
    <View className='act-rain__field'>
      {packets.map((p) => (
        <View
          key={p.id}
          className='act-rain__packet'
          data-packet={p.id}
          style={{ left: `${p.left}%`, animationDelay: `${p.delay}ms`, animationDuration: `${FALL_MS}ms` }}
          {...buttonProps('红包')}
          onClick={() => {
            setPackets((list) => list.filter((x) => x.id !== p.id))
            void store.draw()
          }}
        />
      ))}
    </View>
  )
}

export const RainView = observer(function RainView({ store, roomId, onClose }: ViewProps<RainStore>) {
  const rain = store.rain
  const stopShake = useRef<(() => void) | null>(null)
  useEffect(() => () => stopShake.current?.(), [])
  // no chances left: shakes draw nothing, so they are not listened to
  const spent = store.remain <= 0
  useEffect(() => {
    if (!spent) return
    stopShake.current?.()
    stopShake.current = null
  }, [spent])
  if (!rain) return null
  const last = store.draws[store.draws.length - 1]
  return (
    <ActivityCard kind='rain' label='红包雨' title={rain.title} onClose={onClose}>
      {store.playing && store.remain > 0 && store.running ? <RainGame store={store} /> : null}
      {last ? (
        <Text className={`act-rain__outcome act-rain__outcome--${last.win ? 'win' : 'miss'}`}>
          {last.win ? `抽中：${last.title}` : '差一点，没抽中'}
        </Text>
      ) : null}
      {store.running ? (
        <Text className='act-rain__remain'>剩余 {store.remain} 次机会</Text>
      ) : (
        <Text className='act-rain__remain'>红包雨已结束</Text>
      )}
      {store.running && !store.playing && store.remain > 0 ? (
        <View className='act-rain__play' {...buttonProps('进入红包雨')} onClick={() => store.play()}>
          进入红包雨
        </View>
      ) : null}
      {store.running && spent && shakeOffered() ? (
        <View className='act-rain__shake act-rain__shake--off' {...disabledButtonProps(`摇一摇：${NO_CHANCES}`)}>
          摇一摇 · {NO_CHANCES}
        </View>
      ) : store.playing && shakeOffered() && !stopShake.current ? (
        <View
          className='act-rain__shake'
          {...buttonProps('摇一摇抢红包')}
          onClick={() => {
            // R6.6: the permission request is the tap's first call
            void startShake(() => void store.draw()).then((stop) => (stopShake.current = stop))
          }}
        >
          摇一摇
        </View>
      ) : null}
      {store.winners.length ? (
        <Text className='act-rain__winners'>
          中奖：
          {store.winners
            .slice(0, 5)
            .map((w) => `${w.uname} ${w.title}`)
            .join('、')}
        </Text>
      ) : null}
      <View
        className='act-rain__records'
        {...buttonProps('红包雨记录')}
        onClick={() => void openRecords('rain-records', roomId)}
      >
        红包雨记录
      </View>
    </ActivityCard>
  )
})
