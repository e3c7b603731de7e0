import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import type { ReactNode } from 'react'
import type { Streamer } from '@/api/streamer'
import { formatCount } from '@/utils/format'
import { uploadedImage } from '@/utils/image'
import { maskPhones, stripHtml } from '@/utils/validate'
import './index.scss'
import { linkProps } from '@/platform/a11y'

/** An avatar at twice its displayed size, cropped square (spec R7.110). */
export function avatarOf(s: { avatar?: string }, px = 120): string {
  return s.avatar ? uploadedImage(s.avatar, px, px) : ''
}

/** Description as text: HTML stripped (R5.4), phone numbers masked (R5.2). */
export function plainText(text: string | undefined): string {
  return maskPhones(stripHtml(text))
}

function Avatar({ streamer, size }: { streamer: Streamer; size: 'sm' | 'lg' }) {
  const src = avatarOf(streamer, size === 'lg' ? 160 : 120)
  return (
    <View className={`streamer-avatar streamer-avatar--${size}`}>
      {src ? (
        <AltImage className='streamer-avatar__img' src={src} mode='aspectFill' lazyLoad alt={streamer.nickName} />
      ) : (
        <Text className='streamer-avatar__ph'>{streamer.nickName.slice(0, 1)}</Text>
      )}
      {Number(streamer.onair) === 1 && <Text className='streamer-avatar__live'>直播中</Text>}
    </View>
  )
}

/** A streamer in the tag grid: avatar with the on-air badge, name, fans. */
export function StreamerCell({ streamer, onTap }: { streamer: Streamer; onTap: (s: Streamer) => void }) {
  return (
    <View className='streamer-cell' data-streamer={streamer.id} {...linkProps()} onClick={() => onTap(streamer)}>
      <Avatar streamer={streamer} size='lg' />
      <Text className='streamer-cell__name'>{streamer.nickName}</Text>
      <Text className='streamer-cell__sub'>{formatCount(streamer.fans || 0)}粉丝</Text>
    </View>
  )
}

/**
 * A streamer as a row: avatar, name, description; with `rank` the ranking position and its number in 万 (R9.20): the
 * ranking's score (榜单得分, named by `scoreLabel`: 周榜得分), or the streamer's popularity (人气) when the list has no
 * score. 人气 names the popularity alone, as on home and the streamer's page.
 */
export function StreamerRow({
  streamer,
  onTap,
  rank,
  scoreLabel = '得分',
  extra
}: {
  streamer: Streamer
  onTap: (s: Streamer) => void
  rank?: number
  scoreLabel?: string
  extra?: ReactNode
}) {
  const scored = typeof streamer.score === 'number'
  return (
    <View className='streamer-row' data-streamer={streamer.id} {...linkProps()} onClick={() => onTap(streamer)}>
      {rank !== undefined && (
        <Text className={`streamer-row__rank streamer-row__rank--${rank <= 3 ? rank : 'n'}`}>{rank}</Text>
      )}
      <Avatar streamer={streamer} size='sm' />
      <View className='streamer-row__body'>
        <Text className='streamer-row__name'>{streamer.nickName}</Text>
        <Text className='streamer-row__desc'>{plainText(streamer.description) || '这个主播很懒，还没有简介'}</Text>
      </View>
      {rank !== undefined ? (
        <View className='streamer-row__score'>
          <Text className='streamer-row__score-num'>
            {formatCount((scored ? streamer.score : streamer.popularity) ?? 0)}
          </Text>
          <Text className='streamer-row__score-label'>{scored ? scoreLabel : '人气'}</Text>
        </View>
      ) : (
        (extra ?? <Text className='streamer-row__fans'>{formatCount(streamer.fans || 0)}粉丝</Text>)
      )}
    </View>
  )
}
