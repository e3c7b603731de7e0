import { makeAutoObservable, runInAction } from 'mobx'
import { fetchHotKeywords, search, type SearchItemOf, type SearchKind } from '@/api/search'
import { settle } from '@/core/call'
import { getItem, setItem } from '@/platform/storage'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'
import { displayName } from '@/utils/names'
import { isDigits } from '@/utils/validate'

export const SEARCH_TABS: { kind: SearchKind; label: string }[] = [
  { kind: 'streamer', label: '主播' },
  { kind: 'live', label: '直播' },
  { kind: 'preview', label: '活动' },
  { kind: 'playback', label: '视频' }
]

export const HISTORY_KEY = 'search_history'
export const HISTORY_LIMIT = 10 // R9.5
/** The slow-live keyword opens the featured page directly (R4.45). */
export const SLOW_LIVE_KEYWORD = '慢直播'

/** Trimmed keyword (R5.5). */
export function cleanKeyword(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim() : ''
}

/** History: non-empty trimmed keywords, unique, newest first, at most 10 (R4.43). */
export function addToHistory(history: readonly string[], raw: string): string[] {
  const kw = cleanKeyword(raw)
  if (!kw) return [...history]
  return [kw, ...history.filter((h) => h !== kw)].slice(0, HISTORY_LIMIT)
}

export type SearchOutcome =
  { type: 'none' } | { type: 'featured'; page: 'wuxilcb' } | { type: 'results'; keyword: string }

type Item = SearchItemOf[SearchKind]

/** Search (spec R3.52, R4.43–R4.45, R5.5): hot keywords, history, four result tabs, suggestions. */
export class SearchStore {
  keyword = ''
  submitted = ''
  tab: SearchKind = 'streamer'
  hot: string[] = []
  history: string[] = getItem<string[]>(HISTORY_KEY) || []
  suggestions: string[] = []
  readonly results: Record<SearchKind, PagedList<Item>>

  constructor() {
    const make = (kind: SearchKind) =>
      new PagedList<Item>((q) => {
        const kw = this.submitted
        // R4.44, R5.3: a digits-only keyword searches the streamer by room id.
        const roomid = kind === 'streamer' && isDigits(kw) ? Number(kw) : undefined
        return search(kind, { keywords: kw, roomid, page: q.page, count: q.count })
      }, PAGE_SIZE.default)
    this.results = {
      streamer: make('streamer'),
      live: make('live'),
      preview: make('preview'),
      playback: make('playback')
    }
    makeAutoObservable(this, { results: false })
  }

  setKeyword(raw: string) {
    this.keyword = raw
  }

  setTab(kind: SearchKind) {
    this.tab = kind
    const list = this.results[kind]
    if (this.submitted && list.currentPage === 0 && !list.loading) void settle(list.load())
  }

  async loadHot() {
    const { data: keywords } = await settle(fetchHotKeywords())
    if (Array.isArray(keywords)) {
      const hot = keywords.map(String)
      runInAction(() => (this.hot = hot))
    }
  }

  /**
   * Search for `raw` (or the typed keyword): empty means no search (R5.5); the slow-live keyword opens the featured
   * page (R4.45); otherwise the keyword is saved to history and the current tab loads its first page.
   */
  submit(raw: string = this.keyword): SearchOutcome {
    const kw = cleanKeyword(raw)
    if (!kw) return { type: 'none' }
    this.keyword = kw
    this.history = addToHistory(this.history, kw)
    setItem(HISTORY_KEY, this.history)
    this.suggestions = []
    if (kw === SLOW_LIVE_KEYWORD) return { type: 'featured', page: 'wuxilcb' }
    this.submitted = kw
    for (const list of Object.values(this.results)) list.clear()
    void settle(this.results[this.tab].load({ reset: true }))
    return { type: 'results', keyword: kw }
  }

  clearHistory() {
    this.history = []
    setItem(HISTORY_KEY, this.history)
  }

  /** Suggestions (count 15) for the typed keyword; empty keyword suggests nothing; failures are silent (R8.17). */
  async suggest(raw: string): Promise<string[]> {
    const kw = cleanKeyword(raw)
    if (!kw) {
      this.suggestions = []
      return []
    }
    const [{ data: live }, { data: hosts }] = await Promise.all([
      settle(search('live', { keywords: kw, page: 1, count: PAGE_SIZE.suggestions })),
      settle(search('streamer', { keywords: kw, page: 1, count: PAGE_SIZE.suggestions }))
    ])
    const titles = [
      ...(hosts ? hosts.list.map((s) => displayName(s)) : []),
      ...(live ? live.list.map((r) => r.title) : [])
    ]
    const unique = Array.from(new Set(titles.filter(Boolean))).slice(0, PAGE_SIZE.suggestions)
    if (cleanKeyword(this.keyword) === kw || !this.keyword) runInAction(() => (this.suggestions = unique))
    return unique
  }
}

export const searchStore = new SearchStore()
