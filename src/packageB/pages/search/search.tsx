import { View, Text, Input } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import type { SearchItemOf, SearchKind } from '@/api/search'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { SEARCH_TABS, searchStore } from './store'
import { formatCount, formatTime } from '@/utils/format'
import { LIVE_STATUS_TEXT, liveStatus } from '@/utils/live'
import { throttle } from '@/utils/timing'
import { stripHtml } from '@/utils/validate'
import './search.scss'
import { displayName } from '@/utils/names'
import { listFootText } from '@/components/list-foot/text'
import { buttonProps, linkProps, tablistProps, tabProps } from '@/platform/a11y'
import { withTopBar } from '@/components/top-bar'

/** A result with its kind: the kind tells which item it is. */
type Result = { [K in SearchKind]: { kind: K; item: SearchItemOf[K] } }[SearchKind]

/** What a result row shows, and where a tap on it goes. */
function describe(r: Result): { image: string; title: string; sub: string; open: () => void } {
  switch (r.kind) {
    case 'streamer': {
      const it = r.item
      const roomid = it.room_id ?? it.roomId
      return {
        image: it.avatar || '',
        title: stripHtml(displayName(it)),
        sub: `${formatCount(it.fans || 0)}粉丝 · 房间号 ${roomid ?? ''}`,
        open: () => void openPage('streamerDetail', { id: it.id, roomid })
      }
    }
    case 'live':
      return {
        image: r.item.cover || '',
        title: stripHtml(r.item.title),
        sub: `${LIVE_STATUS_TEXT[liveStatus(r.item)]} · ${formatCount(r.item.online || 0)}人在看`,
        open: () => void openPage('live', { roomid: r.item.id })
      }
    case 'preview':
      return {
        image: r.item.cover || '',
        title: stripHtml(r.item.title),
        sub: `${formatTime(r.item.start_time, 'MM月DD日 HH:mm')} 开始`,
        open: () => void openPage('preview', { id: r.item.id })
      }
    case 'playback':
      return {
        image: r.item.cover || '',
        title: stripHtml(r.item.title),
        sub: `${formatCount(r.item.views || 0)}次观看`,
        open: () => void openPage('playback', { id: r.item.id })
      }
  }
}

/** Search (spec R2.18, R2.48, R4.43–R4.45, R5.5): hot keywords, history, suggestions and four result tabs. */
function SearchPage() {
  const s = searchStore
  // Suggestions follow the typing at most every 300 ms (the throttle's default, R9.16), the last keyword always last.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  const suggest = useMemo(() => throttle((kw: string) => void s.suggest(kw)), [])
  useEffect(() => {
    void s.loadHot()
    return () => suggest.cancel()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  useReachBottom(() => {
    if (s.submitted) s.results[s.tab].load().catch(() => undefined)
  })
  const go = (kw?: string) => {
    const outcome = s.submit(kw)
    if (outcome.type === 'featured') void openPage(outcome.page)
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
                  <Text
                    key={w}
                    className={`search__chip${i < 3 ? ' search__chip--hot' : ''}`}
                    {...buttonProps()}
                    onClick={() => go(w)}
                  >
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
              {results.list.map((item) => {
                // the list of the current tab holds that tab's items
                const row = describe({ kind: s.tab, item } as Result)
                return (
                  <View
                    key={item.id}
                    className='search__result'
                    data-result={item.id}
                    {...linkProps()}
                    onClick={row.open}
                  >
                    <AltImage
                      className={`search__result-img${s.tab === 'streamer' ? ' search__result-img--round' : ''}`}
                      src={row.image}
                      mode='aspectFill'
                      alt={row.title}
                    />
                    <View className='search__result-body'>
                      <Text className='search__result-title'>{row.title}</Text>
                      <Text className='search__result-sub'>{row.sub}</Text>
                    </View>
                  </View>
                )
              })}
              <Text className='search__more'>{listFootText(results)}</Text>
            </View>
          )}
        </View>
      )}
    </View>
  )
}

export default withTopBar(observer(SearchPage))
