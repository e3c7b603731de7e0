import { View, Text, Input } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import type { SearchItemOf, SearchKind } from '@/api/search'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { KEYWORD_MAX_LENGTH, SEARCH_TABS, highlightParts, searchStore, type SearchTab } from './store'
import { formatCount, formatTime } from '@/utils/format'
import { LIVE_STATUS_TEXT, liveStatus } from '@/utils/live'
import { throttle } from '@/utils/timing'
import { stripHtml } from '@/utils/validate'
import './search.scss'
import { displayName } from '@/utils/names'
import { ListFoot } from '@/components/list-foot'
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
        sub: `${LIVE_STATUS_TEXT[liveStatus(r.item)]} · 房间号 ${r.item.id} · ${formatCount(r.item.online || 0)}人在看`,
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

const KIND_LABEL: Record<SearchKind, string> = { streamer: '主播', live: '直播', preview: '活动', playback: '视频' }

/** `text` with the keyword's matches marked (.search__mark), as the viewer sees why a result or suggestion came. */
function Marked({ text, keyword, className }: { text: string; keyword: string; className: string }) {
  return (
    <Text className={className}>
      {highlightParts(text, keyword).map((p, i) =>
        p.match ? (
          <Text key={i} className='search__mark' data-mark={p.text}>
            {p.text}
          </Text>
        ) : (
          <Text key={i}>{p.text}</Text>
        )
      )}
    </Text>
  )
}

/** One result row: image, title and line under it, the keyword marked in both. */
function ResultRow({ kind, item, keyword }: { kind: SearchKind; item: SearchItemOf[SearchKind]; keyword: string }) {
  // the item is of its kind (the list it came from)
  const row = describe({ kind, item } as Result)
  return (
    <View className='search__result' data-result={item.id} data-kind={kind} {...linkProps()} onClick={row.open}>
      <AltImage
        className={`search__result-img${kind === 'streamer' ? ' search__result-img--round' : ''}`}
        src={row.image}
        mode='aspectFill'
        alt={row.title}
      />
      <View className='search__result-body'>
        <Marked className='search__result-title' text={row.title} keyword={keyword} />
        <Marked className='search__result-sub' text={row.sub} keyword={keyword} />
      </View>
    </View>
  )
}

/** A tab's label with its count once known: 直播 1. */
function tabLabel(label: string, count: number | null): string {
  return count === null ? label : `${label} ${count > 99 ? '99+' : count}`
}

/**
 * Search (spec R2.18, R2.48, R4.43–R4.45, R5.5): hot keywords, history, suggestions (each containing the keyword,
 * marked), and the results: 综合 first (the best of each kind), then the four kinds, each tab with its count; the
 * keyword marked in every result.
 */
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
    if (s.submitted && s.tab !== 'all') s.results[s.tab].load().catch(() => undefined)
  })
  const go = (kw?: string) => {
    const outcome = s.submit(kw)
    if (outcome.type === 'featured') void openPage(outcome.page)
  }
  const showResults = !!s.submitted && s.keyword === s.submitted
  return (
    <View className='page search'>
      <View className='search__bar'>
        <Input
          className='search__input'
          value={s.keyword}
          placeholder='搜索直播、主播、视频'
          maxlength={KEYWORD_MAX_LENGTH}
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
            <View key={w} className='search__suggestion' {...buttonProps(w)} onClick={() => go(w)}>
              <Marked className='search__suggestion-text' text={w} keyword={s.keyword} />
            </View>
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
                data-count={s.count(t.kind) ?? ''}
                className={`search__tab${t.kind === s.tab ? ' search__tab--active' : ''}`}
                onClick={() => s.setTab(t.kind)}
              >
                {tabLabel(t.label, s.count(t.kind))}
              </View>
            ))}
          </View>
          {s.tab === 'all' ? <AllResults /> : <KindResults kind={s.tab} />}
        </View>
      )}
    </View>
  )
}

/** 综合: the best few of each kind, each group with 查看全部 to its tab. */
const AllResults = observer(function AllResults() {
  const s = searchStore
  const groups = s.best
  if (!groups.length) {
    if (s.allLoading) return <PageState loading />
    if (s.allError) return <PageState error={s.allError} onRetry={() => s.retryAll()} />
    return <PageState empty emptyText={`没有找到与“${s.submitted}”相关的内容`} />
  }
  return (
    <View className='search__results search__all'>
      {groups.map((g) => (
        <View key={g.kind} className='search__group' data-kind={g.kind}>
          <View className='search__group-head'>
            <Text className='search__group-title'>{KIND_LABEL[g.kind]}</Text>
            {s.results[g.kind].total > g.items.length ? (
              <Text
                className='search__group-more'
                {...buttonProps(`查看全部${KIND_LABEL[g.kind]}`)}
                onClick={() => s.setTab(g.kind)}
              >
                查看全部 {s.results[g.kind].total}
              </Text>
            ) : null}
          </View>
          {g.items.map((item) => (
            <ResultRow key={item.id} kind={g.kind} item={item} keyword={s.submitted} />
          ))}
        </View>
      ))}
    </View>
  )
})

/** One kind's results, page by page. */
const KindResults = observer(function KindResults({ kind }: { kind: Exclude<SearchTab, 'all'> }) {
  const s = searchStore
  const results = s.results[kind]
  if (results.empty) {
    if (results.loading) return <PageState loading />
    if (results.error)
      return <PageState error={results.error} onRetry={() => results.load({ reset: true }).catch(() => undefined)} />
    return <PageState empty emptyText={`没有找到与“${s.submitted}”相关的${KIND_LABEL[kind]}`} />
  }
  return (
    <View className='search__results'>
      {results.list.map((item) => (
        <ResultRow key={item.id} kind={kind} item={item} keyword={s.submitted} />
      ))}
      <ListFoot list={results} className='search__more' />
    </View>
  )
})

export default withTopBar(observer(SearchPage))
