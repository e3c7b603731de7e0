/*
 * The player's rules, each as the player and its menus use it: 清晰度 labels and the rendition chosen for a
 * preference, resuming (the last 100 videos, the 5 s end margin), touch gestures, keys, a playback's timed danmaku,
 * merged repeats, 屏蔽词 (words, regexes, a bad or runaway regex refused with a message) and 弹幕设置 per viewer.
 */
import { getItem, removeItem, setItem } from '@/platform/storage'
import { AUTO, levelFor, qualityLabel, qualityOptions, SPEEDS } from '@/packageA/components/player/quality'
import { RESUME_KEY, RESUME_MAX, resumePosition, resumeToast, savePosition } from '@/packageA/components/player/resume'
import { DOUBLE_TAP_MS, GestureRecognizer, LONG_PRESS_MS } from '@/packageA/components/player/gestures'
import { keyAction } from '@/packageA/components/player/keys'
import { TimedFeed } from '@/packageA/components/danmaku/timed'
import { DanmakuLanes } from '@/packageA/components/danmaku/lanes'
import {
  BLOCK_WORDS_MAX,
  BLOCK_WORD_MESSAGES,
  DEFAULT_SETTINGS,
  MERGE_WINDOW_MS,
  SETTINGS_KEY_PREFIX,
  blockMatcher,
  danmakuSettings,
  sanitize
} from '@/packageA/components/danmaku/settings'
import { checkBlockWord } from '@/packageA/components/danmaku/block-word'
import { normalizeUser, sessionStore } from '@/stores/session'
import type { RawUser } from '@/api/user'

describe('清晰度', () => {
  test('自动 first, then each height once, highest first, named as viewers know them', () => {
    expect(qualityOptions([360, 720])).toEqual([
      { height: AUTO, label: '自动' },
      { height: 720, label: '高清 720P' },
      { height: 360, label: '标清 360P' }
    ])
    expect(qualityLabel(1080)).toBe('超清 1080P')
    expect(qualityLabel(480)).toBe('清晰 480P')
  })
  test('one rendition (or the same height twice) offers no choice', () => {
    expect(qualityOptions([360])).toEqual([])
    expect(qualityOptions([720, 720])).toEqual([])
    expect(qualityOptions([])).toEqual([])
  })
  test('a preference plays the same height, else the highest below it, else the lowest; 自动 plays none', () => {
    expect(levelFor([360, 720], 720)).toBe(1)
    expect(levelFor([360, 720], 1080)).toBe(1)
    expect(levelFor([360, 720, 540], 600)).toBe(2)
    expect(levelFor([360, 720], 240)).toBe(0)
    expect(levelFor([360, 720], AUTO)).toBe(-1)
  })
  test('倍速 offers 0.5, 0.75, 1.0, 1.25, 1.5 and 2.0', () => {
    expect([...SPEEDS]).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2])
  })
})

describe('resume', () => {
  beforeEach(() => removeItem(RESUME_KEY))

  test('a video opens where it stopped, with 已为你定位到上次观看位置 mm:ss', () => {
    savePosition('playback:1', 83.4, 600)
    expect(resumePosition('playback:1')).toBe(83.4)
    expect(resumeToast(83.4)).toBe('已为你定位到上次观看位置 01:23')
    expect(resumePosition('playback:2')).toBeNull()
  })
  test('watched to within 5 s of its end, it starts from the beginning; 5.1 s before the end it resumes', () => {
    savePosition('video:1', 55, 60)
    expect(resumePosition('video:1')).toBeNull()
    savePosition('video:1', 54.9, 60)
    expect(resumePosition('video:1')).toBe(54.9)
  })
  test('a few seconds in is not worth a toast: it starts from the beginning', () => {
    savePosition('video:2', 2, 60)
    expect(resumePosition('video:2')).toBeNull()
  })
  test('the last 100 videos are kept, the oldest forgotten first; saving again makes one the newest', () => {
    for (let i = 1; i <= RESUME_MAX; i++) savePosition(`video:${i}`, 30, 600)
    savePosition('video:1', 40, 600) // video 1 is now the newest
    savePosition('video:101', 30, 600) // video 2 goes
    expect(resumePosition('video:2')).toBeNull()
    expect(resumePosition('video:1')).toBe(40)
    expect(resumePosition('video:101')).toBe(30)
    expect((getItem<unknown[]>(RESUME_KEY) || []).length).toBe(RESUME_MAX)
  })
  test('an unreadable record is ignored, not thrown', () => {
    setItem(RESUME_KEY, [['video:3', 'x', 1], 'junk', ['video:4', 40, 600]])
    expect(resumePosition('video:3')).toBeNull()
    expect(resumePosition('video:4')).toBe(40)
  })
})

describe('gestures', () => {
  const vod = () => new GestureRecognizer({ width: 300, seekable: true, span: 90 })

  test('a tap shows the controls once no second tap follows; a double tap plays or pauses', () => {
    const g = vod()
    g.down(100, 100, 0)
    expect(g.up(100, 100, 80)).toEqual([])
    expect(g.tick(80 + DOUBLE_TAP_MS - 1)).toEqual([])
    expect(g.tick(80 + DOUBLE_TAP_MS)).toEqual([{ type: 'tap' }])
    g.down(100, 100, 1000)
    g.up(100, 100, 1060)
    g.down(105, 102, 1200)
    expect(g.up(105, 102, 1250)).toEqual([{ type: 'double-tap' }])
    expect(g.tick(2000)).toEqual([])
  })
  test('two taps too far apart in time or place are two taps', () => {
    const g = vod()
    g.down(100, 100, 0)
    g.up(100, 100, 50)
    g.down(100, 100, 50 + DOUBLE_TAP_MS + 20)
    expect(g.up(100, 100, 50 + DOUBLE_TAP_MS + 60)).toEqual([])
    const h = vod()
    h.down(10, 100, 0)
    h.up(10, 100, 40)
    h.down(200, 100, 100)
    expect(h.up(200, 100, 140)).toEqual([])
  })
  test('on-demand: a horizontal swipe previews and then seeks by its share of the width', () => {
    const g = vod()
    g.down(50, 100, 0)
    expect(g.move(55, 101, 10)).toEqual([]) // under the threshold
    expect(g.move(150, 105, 50)).toEqual([{ type: 'seek-preview', seconds: 30 }])
    expect(g.up(200, 105, 90)).toEqual([{ type: 'seek', seconds: 45 }])
    g.down(200, 100, 500)
    g.move(50, 100, 520)
    expect(g.up(50, 100, 540)).toEqual([{ type: 'seek', seconds: -45 }])
  })
  test('a vertical move is the page scrolling: nothing', () => {
    const g = vod()
    g.down(100, 50, 0)
    expect(g.move(104, 120, 20)).toEqual([])
    expect(g.up(104, 160, 40)).toEqual([])
    expect(g.tick(1000)).toEqual([])
  })
  test('on-demand: a press held 500 ms plays at 2x until it lifts', () => {
    const g = vod()
    g.down(100, 100, 0)
    expect(g.tick(LONG_PRESS_MS - 1)).toEqual([])
    expect(g.tick(LONG_PRESS_MS)).toEqual([{ type: 'hold-start' }])
    expect(g.move(140, 100, 700)).toEqual([]) // holding, not swiping
    expect(g.up(140, 100, 900)).toEqual([{ type: 'hold-end' }])
    expect(g.tick(2000)).toEqual([]) // and it was not a tap
  })
  test('live: no swipe to seek and no 2x hold; a double tap still pauses', () => {
    const g = new GestureRecognizer({ width: 300, seekable: false, span: 90 })
    g.down(50, 100, 0)
    expect(g.move(200, 100, 30)).toEqual([])
    expect(g.up(200, 100, 60)).toEqual([])
    g.down(100, 100, 100)
    expect(g.tick(100 + LONG_PRESS_MS)).toEqual([])
    g.up(100, 100, 700)
    g.down(100, 100, 800)
    expect(g.up(100, 100, 850)).toEqual([{ type: 'double-tap' }])
  })
})

describe('keys', () => {
  test('Space, ← →, F and D; arrows only on demand', () => {
    expect(keyAction({ key: ' ' }, true)).toBe('toggle-play')
    expect(keyAction({ key: 'ArrowLeft' }, true)).toBe('seek-back')
    expect(keyAction({ key: 'ArrowRight' }, true)).toBe('seek-forward')
    expect(keyAction({ key: 'ArrowRight' }, false)).toBeNull()
    expect(keyAction({ key: 'f' }, false)).toBe('fullscreen')
    expect(keyAction({ key: 'D' }, false)).toBe('danmaku')
    expect(keyAction({ key: 'x' }, true)).toBeNull()
  })
  test('typing in a field, a browser shortcut, or Space on a button is not the player’s', () => {
    expect(keyAction({ key: 'f', targetTag: 'INPUT' }, true)).toBeNull()
    expect(keyAction({ key: 'd', targetTag: 'textarea' }, true)).toBeNull()
    expect(keyAction({ key: 'f', targetEditable: true }, true)).toBeNull()
    expect(keyAction({ key: 'f', ctrlKey: true }, true)).toBeNull()
    expect(keyAction({ key: ' ', targetTag: 'BUTTON' }, true)).toBeNull()
    expect(keyAction({ key: ' ', targetTag: 'DIV', targetRole: 'switch' }, true)).toBeNull()
    expect(keyAction({ key: ' ', targetTag: 'DIV', targetRole: 'log' }, true)).toBe('toggle-play')
  })
})

describe('a playback’s timed danmaku', () => {
  const items = [
    { time: 0, text: '开始' },
    { time: 1.2, text: '一' },
    { time: 2, text: '二' },
    { time: 30, text: '三十' },
    { time: 31, text: '三十一' }
  ]
  test('each flies once as the position passes its time, from the start', () => {
    const feed = new TimedFeed(items)
    expect(feed.advance(0.25).map((d) => d.text)).toEqual(['开始'])
    expect(feed.advance(0.5)).toEqual([])
    expect(feed.advance(1.5).map((d) => d.text)).toEqual(['一'])
    expect(feed.advance(2.2).map((d) => d.text)).toEqual(['二'])
    expect(feed.advance(2.2)).toEqual([])
  })
  test('a seek moves on without flying what it skipped; going back does not replay at once', () => {
    const feed = new TimedFeed(items)
    feed.advance(0.2)
    expect(feed.advance(29.9)).toEqual([]) // a jump
    expect(feed.advance(30.2).map((d) => d.text)).toEqual(['三十'])
    expect(feed.advance(1)).toEqual([]) // back
    expect(feed.advance(1.4).map((d) => d.text)).toEqual(['一'])
  })
  test('keys are stable per item', () => {
    const feed = new TimedFeed(items)
    const first = feed.advance(0.3)
    feed.advance(10)
    feed.advance(0) // back to the start: a jump
    expect(feed.advance(0.3)).toEqual([]) // 0 s is not after 0 s
    expect(first[0].msgId).toBe(1)
  })
})

describe('merged repeats (合并重复弹幕)', () => {
  const msg = (msgId: number, text: string) => ({ msgId, text, nickname: 'n' })
  test('the same text within 10 s shows once with ×N; after the window it flies again', () => {
    const lanes = new DanmakuLanes({ merge: true, mergeWindow: MERGE_WINDOW_MS })
    lanes.place([msg(1, '666'), msg(2, '好看')], 0)
    const merged = lanes.place([msg(3, '666'), msg(4, '666')], 2000)
    expect(merged.filter((f) => f.text === '666')).toHaveLength(1)
    expect(merged.find((f) => f.text === '666')!.count).toBe(3)
    const later = lanes.place([msg(5, '666')], MERGE_WINDOW_MS + 1)
    expect(later.find((f) => f.key === 5)?.count).toBe(1)
  })
  test('repeats inside one batch merge too; without merging each flies', () => {
    const merging = new DanmakuLanes({ merge: true })
    expect(merging.place([msg(1, '哈哈'), msg(2, '哈哈'), msg(3, '哈哈')], 0).map((f) => f.count)).toEqual([3])
    const plain = new DanmakuLanes({ merge: false })
    expect(plain.place([msg(1, '哈哈'), msg(2, '哈哈')], 0)).toHaveLength(2)
  })
})

describe('屏蔽词', () => {
  test('a word or a /regex/ is added; empty, too long, a duplicate, the 101st are refused with a message', () => {
    expect(checkBlockWord('  剧透  ', [])).toEqual({ word: '剧透' })
    expect(checkBlockWord('/^\\d{6,}$/', [])).toEqual({ word: '/^\\d{6,}$/' })
    expect(checkBlockWord('   ', [])).toEqual({ error: BLOCK_WORD_MESSAGES.empty })
    expect(checkBlockWord('长'.repeat(31), [])).toEqual({ error: '屏蔽词不能超过30个字' })
    expect(checkBlockWord('剧透', ['剧透'])).toEqual({ error: BLOCK_WORD_MESSAGES.duplicate })
    const full = Array.from({ length: BLOCK_WORDS_MAX }, (_, i) => `词${i}`)
    expect(checkBlockWord('再一个', full)).toEqual({ error: '屏蔽词最多100个' })
    expect(checkBlockWord('再一个', full.slice(1))).toEqual({ word: '再一个' })
  })
  test('a regex that does not compile is refused with a message, never thrown', () => {
    for (const bad of ['/([a-z/', '/(?<x>a/', '/a{2,1}/', '/[z-a]/', '/x/q']) {
      expect(() => checkBlockWord(bad, [])).not.toThrow()
      expect(checkBlockWord(bad, [])).toEqual({ error: '正则表达式有误，请检查后再添加' })
    }
  })
  test('a regex that could backtrack without end is refused: every message of the room is tested against it', () => {
    expect(checkBlockWord('/(a+)+$/', [])).toEqual({ error: '正则表达式过于复杂，请换一种写法' })
    expect(checkBlockWord('/(\\w*)*x/', [])).toEqual({ error: BLOCK_WORD_MESSAGES.slowRegex })
  })
  test('words match anywhere in any case; regexes with their flags; a /g pattern matches every time', () => {
    const hides = blockMatcher(['剧透', 'SPAM', '/^\\d{6,}$/', '/加.?微.?信/i', '/abc/g'])
    expect(hides('别剧透啊')).toBe(true)
    expect(hides('this is spam')).toBe(true)
    expect(hides('123456')).toBe(true)
    expect(hides('12345')).toBe(false)
    expect(hides('加我微信')).toBe(true)
    expect(hides('xabcx')).toBe(true)
    expect(hides('xabcx')).toBe(true)
    expect(hides('正常发言')).toBe(false)
    expect(blockMatcher([])('anything')).toBe(false)
  })
})

describe('弹幕设置 per viewer', () => {
  afterEach(() => {
    sessionStore.setUser(normalizeUser({ id: 0 } as RawUser) ?? sessionStore.user)
  })
  test('stored settings are checked field by field: opacity kept within 25–100, unknown values fall back', () => {
    expect(
      sanitize({
        opacity: 5,
        fontSize: 'huge',
        area: 0.5,
        speed: 'fast',
        maxOnScreen: 7,
        merge: 'yes',
        blockWords: ['a', 3, '', 'a']
      })
    ).toEqual({
      ...DEFAULT_SETTINGS,
      opacity: 25,
      area: 0.5,
      speed: 'fast',
      blockWords: ['a']
    })
    expect(sanitize({ opacity: 400 }).opacity).toBe(100)
    expect(sanitize(null)).toEqual(DEFAULT_SETTINGS)
  })
  test('a guest and each logged-in viewer keep their own settings and 屏蔽词 through storage; a viewer’s own message is never hidden', () => {
    removeItem(`${SETTINGS_KEY_PREFIX}guest`)
    removeItem(`${SETTINGS_KEY_PREFIX}user42`)
    const guest = danmakuSettings.viewer
    expect(guest).toBe('guest')
    danmakuSettings.update({ opacity: 40 })
    expect(danmakuSettings.addBlockWord('/([/', checkBlockWord)).toBe('正则表达式有误，请检查后再添加')
    expect(danmakuSettings.addBlockWord('广告', checkBlockWord)).toBeNull()
    sessionStore.setUser(normalizeUser({ id: 42, nickname: '观众' } as RawUser)!)
    expect(danmakuSettings.viewer).toBe('user42')
    expect(danmakuSettings.settings.opacity).toBe(100)
    expect(danmakuSettings.hides({ text: '看广告', userId: 7 })).toBe(false)
    danmakuSettings.addBlockWord('广告', checkBlockWord)
    expect(danmakuSettings.hides({ text: '看广告', userId: 7 })).toBe(true)
    expect(danmakuSettings.hides({ text: '我发的广告', userId: 42 })).toBe(false)
    expect(danmakuSettings.hides({ text: '我发的广告', own: true })).toBe(false)
    expect(getItem<{ blockWords: string[] }>(`${SETTINGS_KEY_PREFIX}user42`)!.blockWords).toEqual(['广告'])
    expect(getItem<{ opacity: number }>(`${SETTINGS_KEY_PREFIX}guest`)!.opacity).toBe(40)
  })
})
