/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * 弹幕设置 as a viewer uses it: the panel (the player's menu) next to a live room's flying layer and chat list,
 * against the reference server. A 屏蔽词 typed into the panel hides matching messages another viewer sends from both;
 * a regex that does not compile is refused with a toast; opacity, font size, area and on/off reach the flying items;
 * the viewer's own messages are never hidden.
 */
import { createElement } from 'react'
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { setToken } from '@/core/token'
import { removeItem } from '@/platform/storage'
import { roomSocket } from '@/core/socket'
import { ChatPanel, DanmakuLayer } from '@/packageA/components/danmaku'
import { SETTINGS_KEY_PREFIX, danmakuSettings } from '@/packageA/components/danmaku/settings'
import { DanmakuPanel } from '@/packageA/components/player/menus'
import { chatStore } from '@/packageA/components/danmaku/chat-store'
import { normalizeUser, sessionStore } from '@/stores/session'
import type { LoginResult } from '@/api/user'
import { demoLogin, useReferenceServer } from '../support/reference-server'
import { $, $$, waitFor } from '../support/dom'
import { SEED_IDS } from '../../../server/db/seed-ids'

const ROOM = SEED_IDS.rooms.onAirWithGoods

const server = useReferenceServer()
let viewer: LoginResult
let other: string

beforeAll(async () => {
  viewer = await demoLogin<typeof viewer>(server.origin)
  const r = await fetch(`${server.origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'dev', encryptedData: 'x', iv: 'y' })
  })
  other = ((await r.json()) as { data: { access_token: string } }).data.access_token
  setToken(viewer.access_token)
  sessionStore.setUser(normalizeUser(viewer.user)!)
  removeItem(`${SETTINGS_KEY_PREFIX}user${viewer.user.id}`)
})

let toast: jest.SpyInstance
beforeEach(() => {
  toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
})
afterEach(() => toast.mockRestore())

async function sendAs(token: string, content: string) {
  const r = await fetch(`${server.origin}/api/v1/userapp/danmaku`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ room_id: ROOM, content })
  })
  expect(((await r.json()) as { code: number }).code).toBe(1)
}

/** The room's flying layer and chat list, with the 弹幕设置 panel open beside them. */
function RoomWithPanel() {
  return createElement(
    'div',
    null,
    createElement('div', { className: 'stage' }, createElement(DanmakuLayer, { roomId: ROOM })),
    createElement(ChatPanel, { roomId: ROOM }),
    createElement(DanmakuPanel, { onClose: () => undefined })
  )
}

function typeInto(t: TestUtils, selector: string, value: string) {
  const input = document.querySelector(selector) as HTMLInputElement
  t.act(() => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

const tap = (t: TestUtils, el: Element | null) => {
  if (!el) throw new Error('nothing to tap')
  t.act(() => (el as HTMLElement).click())
}

const shown = (text: string) => $$('.chat__msg, .danmaku__item').filter((e) => (e.textContent || '').includes(text))

test('a 屏蔽词 added in the panel hides another viewer’s matching message from the flying layer and the chat list; a bad regex is refused with a toast', async () => {
  const t = new TestUtils()
  await t.mount(RoomWithPanel)
  await waitFor(() => roomSocket(ROOM)?.isOpen && chatStore.room(ROOM).historyLoaded)
  typeInto(t, '.danmaku-panel__input input', '/(剧透/')
  tap(t, $('.danmaku-panel__add-btn'))
  expect(toast.mock.calls.at(-1)?.[0]).toMatchObject({ title: '正则表达式有误，请检查后再添加' })
  expect($$('.danmaku-panel__word')).toHaveLength(0)
  typeInto(t, '.danmaku-panel__input input', '/剧.?透/')
  tap(t, $('.danmaku-panel__add-btn'))
  await waitFor(() => $$('.danmaku-panel__word').length === 1)
  expect($('.danmaku-panel__count')?.textContent).toBe('1/100')
  expect(($('.danmaku-panel__input input') as HTMLInputElement).value).toBe('')

  await sendAs(other, '前方高能剧透预警')
  await sendAs(other, '一条普通弹幕')
  await waitFor(() => shown('一条普通弹幕').length === 2) // in the list and flying
  expect(shown('剧透')).toHaveLength(0)
  // the viewer's own message with the word still shows to them
  await sendAs(viewer.access_token, '我自己也剧透了')
  await waitFor(() => shown('我自己也剧透了').length === 2)
  // removing the word brings later ones back
  tap(t, $('.danmaku-panel__word-remove'))
  await sendAs(other, '剧透又来了')
  await waitFor(() => shown('剧透又来了').length === 2)
  t.unmout()
})

test('opacity, font size, area and on/off from the panel reach the flying items', async () => {
  const t = new TestUtils()
  await t.mount(RoomWithPanel)
  await waitFor(() => roomSocket(ROOM)?.isOpen)
  tap(t, $('[data-setting="fontSize"] [data-value="large"]'))
  tap(t, $('[data-setting="area"] [data-value="1"]'))
  const range = $('.danmaku-panel__range') as HTMLInputElement
  t.act(() => {
    // as a drag sets it: through the element's own value setter, so React sees the change
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(range, '35')
    range.dispatchEvent(new Event('input', { bubbles: true }))
  })
  expect(danmakuSettings.settings).toMatchObject({ fontSize: 'large', area: 1, opacity: 35 })
  expect($('.danmaku-panel__value')?.textContent).toBe('35%')
  await sendAs(other, '字大一点')
  const item = await waitFor(() => $$('.danmaku__item').find((e) => (e.textContent || '').includes('字大一点')))
  expect(item.style.opacity).toBe('0.35')
  expect($('.danmaku')?.className).toContain('danmaku--font-large')
  expect($('.danmaku')?.style.height).toBe('100%')
  expect(item.style.height).toBe('12.5%') // eight lanes over the whole video
  // off: nothing flies, the list still has it
  tap(t, $('[data-setting="on"]'))
  expect($('[data-setting="on"]')?.getAttribute('aria-checked')).toBe('false')
  expect($('.danmaku')?.className).toContain('danmaku--off')
  await sendAs(other, '关掉以后')
  await waitFor(() => $$('.chat__msg').some((e) => (e.textContent || '').includes('关掉以后')))
  expect($$('.danmaku__item')).toHaveLength(0)
  tap(t, $('[data-setting="on"]'))
  danmakuSettings.update({ fontSize: 'standard', area: 0.5, opacity: 100 })
  t.unmout()
})

test('合并重复弹幕: the same text within 10 s flies once with ×N', async () => {
  const t = new TestUtils()
  await t.mount(RoomWithPanel)
  await waitFor(() => roomSocket(ROOM)?.isOpen)
  tap(t, $('[data-setting="merge"]'))
  expect(danmakuSettings.settings.merge).toBe(true)
  await sendAs(other, '666')
  await waitFor(() => $$('.danmaku__item').some((e) => e.textContent === '666'))
  await sendAs(other, '666')
  await sendAs(other, '666')
  await waitFor(() => $$('.danmaku__item').some((e) => e.textContent === '666 ×3'))
  expect($$('.danmaku__item').filter((e) => (e.textContent || '').startsWith('666'))).toHaveLength(1)
  tap(t, $('[data-setting="merge"]'))
  t.unmout()
})
