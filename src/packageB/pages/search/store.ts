import { makeAutoObservable, runInAction } from 'mobx'
import { fetchHotKeywords, search, type SearchItemOf, type SearchKind } from '@/api/search'
import { settle } from '@/core/call'
import { getItem, setItem } from '@/platform/storage'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'
import { displayName } from '@/utils/names'
import { isDigits } from '@/utils/validate'

/** 综合 (the best of each kind), then the four kinds (R2.48). */
export type SearchTab = 'all' | SearchKind

export const SEARCH_KINDS: SearchKind[] = ['streamer', 'live', 'preview', 'playback']

export const SEARCH_TABS: { kind: SearchTab; label: string }[] = [
  { kind: 'all', label: '综合' },
  { kind: 'streamer', label: '主播' },
  { kind: 'live', label: '直播' },
  { kind: 'preview', label: '活动' },
  { kind: 'playback', label: '视频' }
]

export const HISTORY_KEY = 'search_history'
export const HISTORY_LIMIT = 10 // R9.5
/** The slow-live keyword opens the featured page directly (R4.45). */
export const SLOW_LIVE_KEYWORD = '慢直播'

/**
 * The longest keyword the search calls take (contract/search.ts, keywords' maxLength, in characters): the box stops
 * there, and a longer one (pasted, or kept from before) is searched by its first 50.
 */
export const KEYWORD_MAX_LENGTH = 50

/** Trimmed keyword (R5.5), at most KEYWORD_MAX_LENGTH characters (a longer one was a 参数错误 no retry could fix). */
export function cleanKeyword(raw: unknown): string {
  if (typeof raw !== 'string') return ''
  const kw = raw.trim()
  return kw.length <= KEYWORD_MAX_LENGTH ? kw : Array.from(kw).slice(0, KEYWORD_MAX_LENGTH).join('').trim()
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

/** How many of each kind 综合 shows: the best (first) results of each kind. */
export const ALL_TAB_PER_KIND = 3

/** A piece of a shown text: matched (highlighted) or not. */
export interface TextPart {
  text: string
  match: boolean
}

/** `text` cut where it contains `keyword` (case-insensitive), the matches marked; no keyword, one plain part. */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const kw = cleanKeyword(keyword)
  if (!kw || !text) return text ? [{ text, match: false }] : []
  const parts: TextPart[] = []
  const lower = text.toLowerCase()
  const needle = kw.toLowerCase()
  let from = 0
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false })
    parts.push({ text: text.slice(at, at + kw.length), match: true })
    from = at + kw.length
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false })
  return parts
}

/** Whether `text` visibly contains `keyword` (case-insensitive): a suggestion shows only then. */
export function containsKeyword(text: string, keyword: string): boolean {
  const kw = cleanKeyword(keyword)
  return !!kw && text.toLowerCase().includes(kw.toLowerCase())
}

/**
 * Search (spec R3.52, R4.43–R4.45, R5.5): hot keywords, history, suggestions, and the results: 综合 first (the best
 * of each kind), then the four kinds, each tab with its count. A search asks every kind's first page at once (the
 * counts and 综合 need them).
 *
 * What a keyword finds (the reference server, server/routes/content/search.ts): 直播 the rooms whose title or topic
 * contains it, and for a digits-only keyword also the room with that id (301 finds room 301); 主播 the streamers whose
 * name or description contains it, and for a digits-only keyword the streamer of that room instead (R4.44); 活动 and
 * 视频 the previews and playbacks whose title or description contains it.
 */
export class SearchStore {
  keyword = ''
  submitted = ''
  tab: SearchTab = 'all'
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

  setTab(kind: SearchTab) {
    this.tab = kind
    if (kind === 'all') return
    const list = this.results[kind]
    if (this.submitted && list.currentPage === 0 && !list.loading) void settle(list.load())
  }

  /** A tab's count: the total of its kind, or of all four for 综合; null before its first page answered. */
  count(tab: SearchTab): number | null {
    const kinds = tab === 'all' ? SEARCH_KINDS : [tab]
    if (kinds.some((k) => this.results[k].currentPage === 0)) return null
    return kinds.reduce((n, k) => n + this.results[k].total, 0)
  }

  /** 综合: the best (first) few of each kind that found something, in tab order. */
  get best(): { kind: SearchKind; items: Item[] }[] {
    return SEARCH_KINDS.map((kind) => ({ kind, items: this.results[kind].list.slice(0, ALL_TAB_PER_KIND) })).filter(
      (g) => g.items.length > 0
    )
  }

  /** 综合 is still waiting for a kind's first page. */
  get allLoading(): boolean {
    return SEARCH_KINDS.some((k) => this.results[k].loading)
  }

  /** 综合's failure: every kind failed (one failing kind leaves the others shown). */
  get allError(): string | null {
    const errors = SEARCH_KINDS.map((k) => this.results[k].error)
    return errors.every(Boolean) ? errors[0] : null
  }

  /** Asks again what 综合 lacks (its failed kinds). */
  retryAll() {
    for (const k of SEARCH_KINDS) if (this.results[k].error) void settle(this.results[k].load({ reset: true }))
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
    // every kind's first page: the counts on the tabs, and 综合's best of each kind
    for (const kind of SEARCH_KINDS) void settle(this.results[kind].load({ reset: true }))
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
    // a suggestion shows the keyword in it: a streamer found by room number (R4.44) is not suggested by name alone
    const unique = Array.from(new Set(titles.filter((t) => containsKeyword(t, kw)))).slice(0, PAGE_SIZE.suggestions)
    if (cleanKeyword(this.keyword) === kw || !this.keyword) runInAction(() => (this.suggestions = unique))
    return unique
  }
}

export const searchStore = new SearchStore()
