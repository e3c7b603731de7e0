import { action, makeObservable, observable, runInAction } from 'mobx'
import type { PagedData } from '@/api/types'
import { settle } from '@/core/call'
import { ApiError, failureText, type ApiErrorKind } from '@/utils/errors'

/** Page sizes of spec R9.4. */
export const PAGE_SIZE = {
  default: 10,
  streamers: 15,
  rankingWeb: 15,
  rankingMini: 20,
  comments: 5,
  history: 10,
  photos: 30,
  liveRooms: 100,
  suggestions: 15
} as const

export const NO_MORE_DATA = 'no more data'
export const UNKNOWN_DATA = 'unknown data'

/** The paged-list response lives with the api modules that return it (src/api/types.ts). */
export type { PagedData }

/**
 * A page of the list: an API function's data, or its ApiError (src/core/call.ts applies the success rule, R7.1); a
 * success without a page (null) means there are no more pages.
 */
export type PageFetcher<T> = (query: { page: number; count: number }) => Promise<PagedData<T> | null>

export interface LoadOptions {
  /** Start again from the first page and replace the list (R4.13). */
  reset?: boolean
  /** Fetch page 1 and prepend what is new, keeping the current page (R4.17). */
  getNew?: boolean
}

type Id = string | number

/**
 * One paged list, implementing every rule of spec section 4 "Paged list loading" (R4.13–R4.20, R8.9) once for all
 * lists. Items carry an id (R3.24).
 */
export class PagedList<T extends { id: Id }> {
  list: T[] = []
  currentPage = 0
  totalPage = 0
  total = 0
  loading = false
  error: string | null = null
  /** What kind of failure `error` is (`auth`: the viewer must log in to see this list). */
  errorKind: ApiErrorKind | null = null
  private pending: Promise<T[] | string> | null = null
  /**
   * Counts the resets and clears: a page asked for before the latest one belongs to a list no longer shown (the search
   * before the last, the page that a pull-down refresh started over), and its answer, arriving late, is left.
   */
  private generation = 0

  constructor(
    private readonly fetcher: PageFetcher<T>,
    readonly pageSize: number = PAGE_SIZE.default
  ) {
    makeObservable<PagedList<T>, 'apply' | 'end'>(this, {
      list: observable.shallow,
      currentPage: observable,
      totalPage: observable,
      total: observable,
      loading: observable,
      error: observable,
      errorKind: observable,
      apply: action,
      end: action,
      clear: action
    })
  }

  /** Nothing loaded yet. */
  get empty(): boolean {
    return this.list.length === 0
  }

  /** More pages exist (R4.14). */
  get hasMore(): boolean {
    return this.currentPage === 0 || this.totalPage > this.currentPage
  }

  clear() {
    this.generation++
    this.pending = null
    this.loading = false
    this.list = []
    this.currentPage = 0
    this.totalPage = 0
    this.total = 0
    this.error = null
    this.errorKind = null
  }

  /** Fill from data already at hand (e.g. the home index), only while the list is still empty (R4.22). */
  seed(data: PagedData<T> | T[]) {
    if (!this.empty) return
    const page: PagedData<T> = Array.isArray(data) ? { list: data } : data
    this.apply(page, 1, 'replace')
  }

  /**
   * Load the next page, or start again (`reset`), or look for new items (`getNew`). Resolves with the list, or with
   * `no more data` when nothing more is available (R4.18): also when a success carries no page, which ends the list
   * where it is; rejects with the ApiError (code, msg and data) when the server says no (R8.9) or the call fails.
   */
  load(options: LoadOptions = {}): Promise<T[] | string> {
    if (this.pending && !options.reset && !options.getNew) return this.pending
    const reset = !!options.reset || this.currentPage === 0 // R4.13: current page 0 counts as a reset
    const getNew = !!options.getNew && !reset
    if (!reset && !getNew && !(this.totalPage > this.currentPage)) return Promise.resolve(NO_MORE_DATA) // R4.14, R4.18
    const page = reset || getNew ? 1 : this.currentPage + 1 // R4.15
    const generation = reset ? ++this.generation : this.generation
    runInAction(() => {
      this.loading = true
      this.error = null
      this.errorKind = null
      if (options.reset) this.currentPage = 0
    })
    const p = settle(this.fetcher({ page, count: this.pageSize })).then((res) => {
      // a reset or a clear came after this page was asked for: what it brings (or its failure) is not this list's
      if (generation !== this.generation) return this.list
      runInAction(() => {
        this.loading = false
        if (!res.ok) {
          this.error = failureText(res.error, '加载失败')
          this.errorKind = res.error.kind
        } else if (res.data) this.apply(res.data, page, reset ? 'replace' : getNew ? 'prepend' : 'append')
        else this.end(reset)
      })
      if (this.pending === p) this.pending = null
      if (!res.ok) throw res.error
      return res.data ? this.list : NO_MORE_DATA
    })
    this.pending = p
    return p
  }

  /** A success without a page: no more pages after the current one (a reset's list is empty, R4.18). */
  private end(reset: boolean) {
    if (reset) {
      this.list = []
      this.total = 0
      this.currentPage = 1
    }
    this.totalPage = this.currentPage
  }

  private apply(data: PagedData<T>, page: number, mode: 'replace' | 'append' | 'prepend') {
    const items = Array.isArray(data.list) ? data.list : []
    if (mode === 'prepend') {
      // R4.17: new items first, de-duplicated by id; the current page is kept.
      const known = new Set(this.list.map((i) => i.id))
      const fresh = items.filter((i) => !known.has(i.id))
      this.list = [...fresh, ...this.list]
      if (typeof data.total === 'number') this.total = data.total
      return
    }
    this.list = mode === 'replace' ? items : [...this.list, ...items] // R4.16
    this.currentPage = page
    // R4.20: without totalPage, a full page means there may be a next one; a short page means there is not.
    this.totalPage =
      typeof data.totalPage === 'number' ? data.totalPage : items.length >= this.pageSize ? page + 1 : page
    this.total = typeof data.total === 'number' ? data.total : this.list.length
  }
}

/** Named paged lists of a store; loading an unknown name rejects with `unknown data` (R4.19). */
export class PagedLists<K extends string> {
  constructor(readonly lists: Record<K, PagedList<{ id: Id }>>) {}

  load(name: string, options?: LoadOptions): Promise<unknown> {
    if (!Object.prototype.hasOwnProperty.call(this.lists, name))
      return Promise.reject(new ApiError(0, UNKNOWN_DATA, null, 'load', 'client'))
    return this.lists[name as K].load(options)
  }
}
