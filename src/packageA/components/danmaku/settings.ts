import { makeAutoObservable } from 'mobx'
import { getItem, setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'

/**
 * 弹幕设置: one set of settings for the live room's and a playback's flying danmaku, kept on the device per viewer
 * (the logged-in user's id, or the guest's) through the storage helper, as the players viewers know keep theirs.
 *
 * - 屏蔽词: up to BLOCK_WORDS_MAX entries, each a word (matched anywhere, letters in any case) or `/regex/` (`/regex/i`
 *   for case-insensitive), checked as they are added (block-word.ts). Matching messages are hidden from the flying
 *   layer and the chat list, except the viewer's own.
 * - Reduced motion (R9.15) is not a setting here: with it asked for, nothing flies whatever these say.
 */
export type FontSize = 'small' | 'standard' | 'large'
export type Speed = 'slow' | 'normal' | 'fast'
export type Area = 0.25 | 0.5 | 1

export interface DanmakuSettings {
  on: boolean
  /** percent, 25–100 */
  opacity: number
  fontSize: FontSize
  /** the share of the video's height the danmaku may fly in */
  area: Area
  speed: Speed
  /** the most items on screen at once */
  maxOnScreen: number
  /** the same text within MERGE_WINDOW_MS shows once, with ×N */
  merge: boolean
  blockWords: string[]
}

export const DEFAULT_SETTINGS: DanmakuSettings = {
  on: true,
  opacity: 100,
  fontSize: 'standard',
  area: 0.5,
  speed: 'normal',
  maxOnScreen: 20,
  merge: false,
  blockWords: []
}

export const OPACITY_MIN = 25
export const OPACITY_MAX = 100
export const BLOCK_WORDS_MAX = 100
export const BLOCK_WORD_MAX_LENGTH = 30
export const MERGE_WINDOW_MS = 10_000

export const FONT_SIZES: { value: FontSize; label: string }[] = [
  { value: 'small', label: '小' },
  { value: 'standard', label: '标准' },
  { value: 'large', label: '大' }
]
export const AREAS: { value: Area; label: string }[] = [
  { value: 0.25, label: '1/4屏' },
  { value: 0.5, label: '半屏' },
  { value: 1, label: '全屏' }
]
export const SPEEDS: { value: Speed; label: string }[] = [
  { value: 'slow', label: '慢' },
  { value: 'normal', label: '适中' },
  { value: 'fast', label: '快' }
]
export const MAX_ON_SCREEN: { value: number; label: string }[] = [
  { value: 10, label: '10条' },
  { value: 20, label: '20条' },
  { value: 40, label: '40条' },
  { value: 60, label: '60条' }
]

/** ms a danmaku takes to cross the screen at each speed. */
export const CROSSING_MS: Record<Speed, number> = { slow: 10000, normal: 7000, fast: 4500 }
/** Lanes for each display area. */
export const LANES: Record<string, number> = { '0.25': 2, '0.5': 4, '1': 8 }

export const BLOCK_WORD_MESSAGES = {
  empty: '请输入屏蔽词',
  tooLong: `屏蔽词不能超过${BLOCK_WORD_MAX_LENGTH}个字`,
  full: `屏蔽词最多${BLOCK_WORDS_MAX}个`,
  duplicate: '已经添加过这个屏蔽词',
  badRegex: '正则表达式有误，请检查后再添加',
  slowRegex: '正则表达式过于复杂，请换一种写法'
}

/** `/body/flags` as a RegExp; null when the text is not written as a regex; an Error when it does not compile. */
export function regexOf(word: string): RegExp | null | Error {
  const m = /^\/([\s\S]+)\/([a-z]*)$/.exec(word)
  if (!m) return null
  try {
    return new RegExp(m[1], m[2])
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err))
  }
}

/**
 * A test of a text against every word of a list (compiled once per list; a pattern that does not compile is left
 * out). The words were checked as they were added (block-word.ts).
 */
export function blockMatcher(words: readonly string[]): (text: string) => boolean {
  const plain: string[] = []
  const patterns: RegExp[] = []
  for (const w of words) {
    const re = regexOf(w)
    if (re instanceof RegExp) patterns.push(re)
    else if (re === null && w) plain.push(w.toLowerCase())
  }
  if (!plain.length && !patterns.length) return () => false
  return (text: string) => {
    const t = String(text ?? '')
    const lower = t.toLowerCase()
    if (plain.some((w) => lower.includes(w))) return true
    return patterns.some((re) => {
      re.lastIndex = 0 // a /g or /y pattern keeps its position between tests
      return re.test(t)
    })
  }
}

/** Settings read from storage, every field checked: anything unreadable falls back to its default. */
export function sanitize(raw: unknown): DanmakuSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof DanmakuSettings, unknown>>
  const pick = <T>(v: unknown, options: { value: T }[], d: T): T => (options.some((o) => o.value === v) ? (v as T) : d)
  const opacity = Number(r.opacity)
  const words = Array.isArray(r.blockWords)
    ? r.blockWords.filter((w): w is string => typeof w === 'string' && !!w.trim())
    : []
  return {
    on: typeof r.on === 'boolean' ? r.on : DEFAULT_SETTINGS.on,
    opacity: Number.isFinite(opacity)
      ? Math.min(OPACITY_MAX, Math.max(OPACITY_MIN, Math.round(opacity)))
      : DEFAULT_SETTINGS.opacity,
    fontSize: pick(r.fontSize, FONT_SIZES, DEFAULT_SETTINGS.fontSize),
    area: pick(r.area, AREAS, DEFAULT_SETTINGS.area),
    speed: pick(r.speed, SPEEDS, DEFAULT_SETTINGS.speed),
    maxOnScreen: pick(Number(r.maxOnScreen), MAX_ON_SCREEN, DEFAULT_SETTINGS.maxOnScreen),
    merge: typeof r.merge === 'boolean' ? r.merge : DEFAULT_SETTINGS.merge,
    blockWords: Array.from(new Set(words)).slice(0, BLOCK_WORDS_MAX)
  }
}

export const SETTINGS_KEY_PREFIX = 'danmaku_settings:'

/** A new 屏蔽词 checked against the list it joins: the word, or the message that refuses it (block-word.ts). */
export type BlockWordCheck = (input: string, list: readonly string[]) => { word: string } | { error: string }

/** What a message needs for the block test: its text and who sent it. */
export interface Blockable {
  text: string
  userId?: number
  /** sent by this viewer on this device (a playback's danmaku carry no sender) */
  own?: boolean
}

export class DanmakuSettingsStore {
  /** Settings changed on this device this session, per viewer. */
  private byViewer: Record<string, DanmakuSettings> = {}
  /** Settings read from storage, per viewer (read once). */
  private readonly stored = new Map<string, DanmakuSettings>()

  constructor() {
    makeAutoObservable<DanmakuSettingsStore, 'stored'>(this, { stored: false })
  }

  /** The viewer these settings belong to: the logged-in user, or this device's guest. */
  get viewer(): string {
    const id = sessionStore.user?.id
    return id ? `user${id}` : 'guest'
  }

  get settings(): DanmakuSettings {
    const viewer = this.viewer
    const changed = this.byViewer[viewer]
    if (changed) return changed
    let saved = this.stored.get(viewer)
    if (!saved) {
      saved = sanitize(getItem<unknown>(SETTINGS_KEY_PREFIX + viewer))
      this.stored.set(viewer, saved)
    }
    return saved
  }

  /** Changes some settings and keeps them (opacity is clamped to 25–100). */
  update(patch: Partial<Omit<DanmakuSettings, 'blockWords'>>) {
    this.save(sanitize({ ...this.settings, ...patch }))
  }

  /**
   * Adds a 屏蔽词 that checkBlockWord (block-word.ts, which the 弹幕设置 panel loads) accepted; returns null, or the
   * message refusing it. The regex checks live there, so the live room's first load does not carry them.
   */
  addBlockWord(input: string, check: BlockWordCheck): string | null {
    const checked = check(input, this.settings.blockWords)
    if ('error' in checked) return checked.error
    this.save({ ...this.settings, blockWords: [...this.settings.blockWords, checked.word] })
    return null
  }

  removeBlockWord(word: string) {
    this.save({ ...this.settings, blockWords: this.settings.blockWords.filter((w) => w !== word) })
  }

  /** The block test of the current list (recompiled only when the list changes). */
  get matcher(): (text: string) => boolean {
    return blockMatcher(this.settings.blockWords)
  }

  /** Whether a message is hidden by a 屏蔽词: never the viewer's own. */
  hides(m: Blockable): boolean {
    const self = sessionStore.user?.id
    if (m.own || (self && m.userId === self)) return false
    return this.matcher(m.text)
  }

  private save(next: DanmakuSettings) {
    this.byViewer[this.viewer] = next
    setItem(SETTINGS_KEY_PREFIX + this.viewer, next)
  }
}

export const danmakuSettings = new DanmakuSettingsStore()
