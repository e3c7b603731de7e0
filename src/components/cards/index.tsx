import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import type { PlaybackItem, RoomItem, TeaserItem } from '@/api/home'
import { formatCount, formatDuration, formatTime } from '@/utils/format'
import { LIVE_STATUS_TEXT, liveStatus } from '@/utils/live'
import { attachedImage } from '@/utils/image'
import { stripHtml } from '@/utils/validate'
import './index.scss'
import { displayName } from '@/utils/names'
import { linkProps } from '@/platform/a11y'

/** A live room with its status badge (spec R4.11) and online count in 万 (R9.20). */
export function RoomCard({ room, onTap, wide }: { room: RoomItem; onTap: (room: RoomItem) => void; wide?: boolean }) {
  const status = liveStatus(room)
  return (
    <View
      className={`card-item${wide ? ' card-item--wide' : ''}`}
      data-room={room.id}
      {...linkProps()}
      onClick={() => onTap(room)}
    >
      <View className='card-item__cover'>
        {room.cover && (
          <AltImage
            className='card-item__img'
            src={attachedImage(room.cover, wide ? 420 : 340, wide ? 236 : 200)}
            mode='aspectFill'
            lazyLoad
            alt={stripHtml(room.title)}
          />
        )}
        <Text className={`card-item__badge card-item__badge--${status}`}>{LIVE_STATUS_TEXT[status]}</Text>
        {status === 1 && <Text className='card-item__meta'>{formatCount(room.online || 0)}人在看</Text>}
        {status === 2 && room.start_time ? (
          <Text className='card-item__meta'>{formatTime(room.start_time, 'MM-DD HH:mm')}开播</Text>
        ) : null}
        {room.is_premium ? <Text className='card-item__pay'>付费</Text> : null}
      </View>
      <Text className='card-item__title'>{stripHtml(room.title)}</Text>
      <Text className='card-item__sub'>{displayName(room.streamer)}</Text>
    </View>
  )
}

export function PlaybackCard({ item, onTap }: { item: PlaybackItem; onTap: (item: PlaybackItem) => void }) {
  return (
    <View className='card-item' data-playback={item.id} {...linkProps()} onClick={() => onTap(item)}>
      <View className='card-item__cover'>
        {item.cover && (
          <AltImage
            className='card-item__img'
            src={attachedImage(item.cover, 340, 200)}
            mode='aspectFill'
            lazyLoad
            alt={stripHtml(item.title)}
          />
        )}
        <Text className='card-item__badge card-item__badge--0'>回看</Text>
        {item.duration ? <Text className='card-item__meta'>{formatDuration(item.duration)}</Text> : null}
        {item.is_premium ? <Text className='card-item__pay'>付费</Text> : null}
      </View>
      <Text className='card-item__title'>{stripHtml(item.title)}</Text>
      <Text className='card-item__sub'>{formatCount(item.views || 0)}次观看</Text>
    </View>
  )
}

export function EventCard({ item, onTap }: { item: TeaserItem; onTap: (item: TeaserItem) => void }) {
  return (
    <View className='event-item' data-event={item.id} {...linkProps()} onClick={() => onTap(item)}>
      {item.cover && (
        <AltImage
          className='event-item__img'
          src={attachedImage(item.cover, 240, 150)}
          mode='aspectFill'
          lazyLoad
          alt={stripHtml(item.title)}
        />
      )}
      <View className='event-item__body'>
        <Text className='event-item__title'>{stripHtml(item.title)}</Text>
        {item.start_time ? (
          <Text className='event-item__time'>{formatTime(item.start_time, 'MM月DD日 HH:mm')} 开始</Text>
        ) : null}
        <Text className='event-item__sub'>{formatCount(item.subscribes || 0)}人预约</Text>
      </View>
    </View>
  )
}

/** A section title with an optional "更多" link. */
export function SectionHeader({ title, onMore }: { title: string; onMore?: () => void }) {
  return (
    <View className='section-header'>
      <Text className='section-header__title'>{title}</Text>
      {onMore && (
        <Text className='section-header__more' {...linkProps()} aria-label={`${title} 更多`} onClick={onMore}>
          更多 ›
        </Text>
      )}
    </View>
  )
}
