/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 */
/*
 * Every kind of push of the contract (contract/push.ts, read at run time here) is taken by the client: the socket's
 * table names a taker for each, and the live room's features — the chat, the interaction bar, the activity stage —
 * and the room's own state (on or off the air, the chat closed) — subscribe to the kinds the table gives them on the
 * room's shared socket, as the app acquires it.
 */
import '../support/contract-globals'
import TestUtils from '@tarojs/test-utils-react'
import { PUSH_BY_KIND, type PushKind } from '../../../contract/push'
import { PUSH_TAKERS, acquireRoomSocket, releaseRoomSocket, type PushTaker, type RoomSocket } from '@/core/socket'
import { PUSH_KIND, stageFor } from '@/packageA/components/activities/stage'
import { chatStore } from '@/packageA/components/danmaku/chat-store'
import { InteractBar } from '@/packageA/components/interact'
import { followRoomState } from '@/packageA/pages/live/room-state'
import { setItem } from '@/platform/storage'
import { useReferenceServer } from '../support/reference-server'
import { until } from '../support/wait'

/** The kinds of push, in the contract union's order. */
const PUSH_KINDS = [...PUSH_BY_KIND.keys()] as PushKind[]

useReferenceServer()
const ROOM = 496

const takers = PUSH_TAKERS as Record<string, PushTaker>
const takenBy = (taker: PushTaker) => PUSH_KINDS.filter((kind) => takers[kind] === taker)

test('every kind of push of the contract has a taker in the client, and the client names no other kind', () => {
  expect(PUSH_KINDS.length).toBeGreaterThan(0)
  for (const kind of PUSH_KINDS) expect([kind, takers[kind]]).toEqual([kind, expect.any(String)])
  expect(Object.keys(PUSH_TAKERS).sort()).toEqual([...PUSH_KINDS].sort())
  // the stage routes each of its kinds to a module, and nothing else
  expect(Object.keys(PUSH_KIND).sort()).toEqual(takenBy('stage').sort())
})

describe('the live room subscribes to its kinds on the shared room socket', () => {
  let t: TestUtils
  let socket: RoomSocket
  const subscribed = new Set<string>()
  let unfollow: () => void = () => undefined

  beforeAll(async () => {
    setItem('fingerprint', 'fp-push-kinds')
    socket = acquireRoomSocket(ROOM)
    // what each feature subscribes to, through the socket's own on() (onEach goes through it too)
    const on = socket.on.bind(socket)
    socket.on = (type, handler) => {
      subscribed.add(type)
      return on(type, handler)
    }
    t = new TestUtils()
    chatStore.enter(ROOM)
    stageFor(ROOM).enter()
    unfollow = followRoomState(ROOM)
    await t.mount(InteractBar, { props: { roomId: ROOM } })
    await until(() => socket.isOpen && !!socket.welcome)
  })

  afterAll(() => {
    t.unmout()
    unfollow()
    stageFor(ROOM).leave()
    chatStore.leave(ROOM)
    releaseRoomSocket(ROOM)
  })

  test.each(['chat', 'interact', 'stage', 'room'] as const)('the %s takes its kinds', (taker) => {
    const kinds = takenBy(taker)
    expect(kinds.length).toBeGreaterThan(0)
    for (const kind of kinds) expect([kind, subscribed.has(kind)]).toEqual([kind, true])
  })

  test('the socket takes its own kinds: the welcome of the connection is kept', () => {
    expect(takenBy('socket').sort()).toEqual(['error', 'pong', 'welcome'])
    expect(socket.welcome).toEqual(expect.objectContaining({ roomid: String(ROOM) }))
  })

  test('the kinds nobody subscribes to are the ones the table marks ignored', () => {
    const unsubscribed = PUSH_KINDS.filter((kind) => !subscribed.has(kind) && takers[kind] !== 'socket')
    expect(unsubscribed.sort()).toEqual(takenBy('ignored').sort())
  })
})
