import { View, Text } from '@tarojs/components'
import { VirtualList } from '@/components/virtual-list'
import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { memo, useEffect } from 'react'
import { PageState } from '@/components/page-state'
import { systemInfo } from '@/platform/system'
import { LIST_TYPES, listType, type ListType } from '@/router/list-types'
import { openPage } from '@/router/navigate'
import { homeStore } from '@/stores/home'
import { loginPrompt } from '@/stores/login-prompt'
import { userLogsStore } from './store'
import type { PagedList } from '@/stores/paged-list'
import { formatCount, formatTime } from '@/utils/format'
import { LIVE_STATUS_TEXT, liveStatus } from '@/utils/live'
import { stripHtml } from '@/utils/validate'
import './list.scss'
import { ListFoot } from '@/components/list-foot'
import { linkProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { topBarHeight, withTopBar } from '@/components/top-bar'

/** The paged list of each list type, and the items it holds. */
interface Lists {
  live: typeof homeStore.liveRooms
  playback: typeof homeStore.playbacks
  playbackRecommended: typeof homeStore.playbacksRecommended
  event: typeof homeStore.events
  deposit: typeof userLogsStore.depositLog
  gift: typeof userLogsStore.giftLog
}
type ItemOf<K extends ListType> = Lists[K] extends PagedList<infer I> ? I : never

/** Which paged list each list type shows (spec R2.7). */
function listOf(type: ListType): Lists[ListType] {
  switch (type) {
    case 'live':
      return homeStore.liveRooms
    case 'playback':
      return homeStore.playbacks
    case 'playbackRecommended':
      return homeStore.playbacksRecommended
    case 'event':
      return homeStore.events
    case 'deposit':
      return userLogsStore.depositLog
    case 'gift':
      return userLogsStore.giftLog
  }
}

const ROW_RPX = 200

interface RowProps {
  id: string
  index: number
  data: ItemOf<ListType>[]
}

function rowFor(type: ListType) {
  return memo(function Row({ id, index, data }: RowProps) {
    // the rows of a list are that list's items
    if (type === 'deposit') {
      const item = data[index] as ItemOf<'deposit'>
      return (
        <View id={id} className='list-row list-row--log'>
          <Text className='list-row__title'>充值 {item.gold} 慧币</Text>
          <Text className='list-row__sub'>
            ¥{item.price} · {item.paid ? '已到账' : '待支付'} · {formatTime(item.time, 'YYYY-MM-DD HH:mm')}
          </Text>
        </View>
      )
    }
    if (type === 'gift') {
      const item = data[index] as ItemOf<'gift'>
      return (
        <View id={id} className='list-row list-row--log'>
          <Text className='list-row__title'>
            送出 {item.gift_name} ×{item.combo}
          </Text>
          <Text className='list-row__sub'>
            {item.room_title} · {item.gold} 慧币 · {formatTime(item.time, 'YYYY-MM-DD HH:mm')}
          </Text>
        </View>
      )
    }
    const item = data[index] as ItemOf<'live' | 'event' | 'playback'>
    const status = type === 'live' ? liveStatus(item) : null
    const open = () => {
      if (type === 'live') void openPage('live', { roomid: item.id })
      else if (type === 'event') void openPage('preview', { id: item.id })
      else void openPage('playback', { id: item.id })
    }
    return (
      <View id={id} className='list-row' data-id={item.id} {...linkProps()} onClick={open}>
        <View className='list-row__cover' style={item.cover ? { backgroundImage: `url(${item.cover})` } : undefined}>
          {status !== null && (
            <Text className={`list-row__badge list-row__badge--${status}`}>{LIVE_STATUS_TEXT[status]}</Text>
          )}
          {'is_premium' in item && item.is_premium ? <Text className='list-row__pay'>付费</Text> : null}
        </View>
        <View className='list-row__body'>
          <Text className='list-row__title'>{stripHtml(item.title)}</Text>
          <Text className='list-row__sub'>
            {type === 'live'
              ? `${formatCount((item as ItemOf<'live'>).online || 0)}人在看`
              : type === 'event'
                ? `${formatTime((item as ItemOf<'event'>).start_time, 'MM月DD日 HH:mm')} 开始`
                : `${formatCount((item as ItemOf<'playback'>).views || 0)}次观看`}
          </Text>
        </View>
      </View>
    )
  })
}

const rows = {} as Record<ListType, ReturnType<typeof rowFor>>
for (const t of Object.keys(LIST_TYPES) as ListType[]) rows[t] = rowFor(t)

const CONSUME_LINK_RPX = 88

function ConsumeLink() {
  return (
    <View className='list-page__consume' {...linkProps()} onClick={() => void openPage('consume')}>
      <Text>消费记录（解锁与送礼）</Text>
      <Text>›</Text>
    </View>
  )
}

/**
 * One list page for live rooms, playbacks, recommended playbacks, events and the user's logs (spec R2.7). Rows render
 * through a virtual list, so the rendered row count stays bounded however long the list grows.
 */
function ListPage() {
  const { params } = useRouter()
  const type = listType(params.type)
  const title = type ? LIST_TYPES[type] : '列表'
  const list = type ? listOf(type) : null
  useEffect(() => {
    void setPageTitle(title)
    if (list && list.currentPage === 0) list.load().catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when type changes; what else it reads belongs to those
  }, [type])
  usePullDownRefresh(() => {
    if (!list) return Taro.stopPullDownRefresh()
    list
      .load({ reset: true })
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })
  if (!type || !list) return <PageState error='列表类型不存在' />
  const info = systemInfo()
  const rowHeight = (ROW_RPX * info.windowWidth) / 750
  if (list.empty) {
    return (
      <View className='page'>
        {list.loading ? (
          <PageState loading />
        ) : list.errorKind === 'auth' ? (
          // a log of the viewer's own (their token gone or never there): the way on is the login, which comes back here
          <PageState error={`登录后查看${title}`} retryText='去登录' onRetry={() => void loginPrompt.goToLogin()} />
        ) : list.error ? (
          <PageState error={list.error} onRetry={() => list.load({ reset: true }).catch(() => undefined)} />
        ) : (
          <>
            {type === 'gift' ? <ConsumeLink /> : null}
            <PageState
              empty
              emptyText={type === 'deposit' ? '暂无充值记录' : type === 'gift' ? '暂无送礼记录' : '暂无内容'}
            />
          </>
        )}
      </View>
    )
  }
  // the gift log leads to 消费记录, where unlocks are listed beside the gifts
  const consumeLink = type === 'gift' ? <ConsumeLink /> : null
  return (
    <View className='page list-page'>
      {consumeLink}
      <VirtualList
        className='list-page__virtual'
        height={info.windowHeight - topBarHeight() - (consumeLink ? (CONSUME_LINK_RPX * info.windowWidth) / 750 : 0)}
        width='100%'
        itemData={list.list}
        itemCount={list.list.length}
        itemSize={rowHeight}
        item={rows[type]}
        overscanCount={4}
        lowerThreshold={50}
        onScrollToLower={() => list.load().catch(() => undefined)}
        renderBottom={<ListFoot key='more' list={list} className='list-page__more' />}
      />
    </View>
  )
}

export default withTopBar(observer(ListPage))
