import { View, Text, Input } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import type { SearchKind } from '@/api/search'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { SEARCH_TABS, searchStore } from '@/stores/search'
import { formatCount, formatTime } from '@/utils/format'
import { LIVE_STATUS_TEXT, liveStatus } from '@/utils/live'
import { throttle } from '@/utils/timing'
import { stripHtml } from '@/utils/validate'
import './search.scss'
import { displayName } from '@/utils/names'
import { listFootText } from '@/components/list-foot/text'
import { buttonProps, linkProps, tablistProps, tabProps } from '@/platform/a11y'

function openResult(kind: SearchKind, item: any) {
  if (kind === 'streamer') openPage('streamerDetail', { id: item.id, roomid: item.room_id ?? item.roomId })
  else if (kind === 'live') openPage('live', { roomid: item.id })
  else if (kind === 'preview') openPage('preview', { id: item.id })
  else openPage('playback', { id: item.id })
}

function subtitle(kind: SearchKind, item: any): string {
  if (kind === 'streamer') return `${formatCount(item.fans || 0)}粉丝 · 房间号 ${item.room_id ?? item.roomId ?? ''}`
  if (kind === 'live') return `${LIVE_STATUS_TEXT[liveStatus(item)]} · ${formatCount(item.online || 0)}人在看`
  if (kind === 'preview') return `${formatTime(item.start_time, 'MM月DD日 HH:mm')} 开始`
  return `${formatCount(item.views || 0)}次观看`
}

/** Search (spec R2.18, R2.48, R4.43–R4.45, R5.5): hot keywords, history, suggestions and four result tabs. */
function SearchPage() {
  const s = searchStore
  // Suggestions follow the typing at most every 300 ms (the throttle's default, R9.16), the last keyword always last.
  const suggest = useMemo(() => throttle((kw: string) => void s.suggest(kw)), [])
  useEffect(() => {
    s.loadHot()
    return () => suggest.cancel()
  }, [])
  useReachBottom(() => {
    if (s.submitted) s.results[s.tab].load().catch(() => undefined)
  })
  const go = (kw?: string) => {
    const outcome = s.submit(kw)
    if (outcome.type === 'featured') openPage(outcome.page)
  }
  const results = s.results[s.tab]
  const showResults = !!s.submitted && s.keyword === s.submitted
  return (
    <View className='page search'>
      <View className='search__bar'>
        <Input
          className='search__input'
          value={s.keyword}
          placeholder='搜索直播、主播、视频'
          confirmType='search'
          focus
          onInput={(e) => {
            s.setKeyword(e.detail.value)
            suggest(e.detail.value)
          }}
          onConfirm={(e) => go(e.detail.value)}
        />
        <Text className='search__btn' {...buttonProps()} onClick={() => go()}>
          搜索
        </Text>
      </View>
      {!showResults && s.suggestions.length > 0 && (
        <View className='search__suggestions'>
          {s.suggestions.map((w) => (
            <Text key={w} className='search__suggestion' {...buttonProps()} onClick={() => go(w)}>
              {w}
            </Text>
          ))}
        </View>
      )}
      {!showResults && (
        <View>
          {s.history.length > 0 && (
            <View className='search__block'>
              <View className='search__block-head'>
                <Text className='search__block-title'>搜索历史</Text>
                <Text className='search__clear' {...buttonProps()} onClick={() => s.clearHistory()}>
                  清空
                </Text>
              </View>
              <View className='search__chips'>
                {s.history.map((w) => (
                  <Text key={w} className='search__chip search__chip--history' {...buttonProps()} onClick={() => go(w)}>
                    {w}
                  </Text>
                ))}
              </View>
            </View>
          )}
          {s.hot.length > 0 && (
            <View className='search__block'>
              <Text className='search__block-title'>热门搜索</Text>
              <View className='search__chips'>
                {s.hot.map((w, i) => (
                  <Text key={w} className={`search__chip${i < 3 ? ' search__chip--hot' : ''}`} {...buttonProps()} onClick={() => go(w)}>
                    {w}
                  </Text>
                ))}
              </View>
            </View>
          )}
        </View>
      )}
      {showResults && (
        <View>
          <View className='search__tabs' {...tablistProps('搜索结果分类')}>
            {SEARCH_TABS.map((t) => (
              <View
                key={t.kind}
                {...tabProps(t.kind === s.tab)}
                data-kind={t.kind}
                className={`search__tab${t.kind === s.tab ? ' search__tab--active' : ''}`}
                onClick={() => s.setTab(t.kind)}
              >
                {t.label}
              </View>
            ))}
          </View>
          {results.empty ? (
            results.loading ? (
              <PageState loading />
            ) : results.error ? (
              <PageState error={results.error} onRetry={() => results.load({ reset: true }).catch(() => undefined)} />
            ) : (
              <PageState empty emptyText={`没有找到与“${s.submitted}”相关的内容`} />
            )
          ) : (
            <View className='search__results'>
              {results.list.map((item: any) => (
                <View key={item.id} className='search__result' data-result={item.id} {...linkProps()} onClick={() => openResult(s.tab, item)}>
                  <AltImage
                    className={`search__result-img${s.tab === 'streamer' ? ' search__result-img--round' : ''}`}
                    src={(s.tab === 'streamer' ? item.avatar : item.cover) || ''}
                    mode='aspectFill'
                    alt={stripHtml(s.tab === 'streamer' ? displayName(item) : item.title)}
                  />
                  <View className='search__result-body'>
                    <Text className='search__result-title'>{stripHtml(s.tab === 'streamer' ? displayName(item) : item.title)}</Text>
                    <Text className='search__result-sub'>{subtitle(s.tab, item)}</Text>
                  </View>
                </View>
              ))}
              <Text className='search__more'>{listFootText(results)}</Text>
            </View>
          )}
        </View>
      )}
    </View>
  )
}

export default observer(SearchPage)
