import { FEATURED, featuredPopularity, interactionRoomOf } from '@/packageA/components/featured/config'
import { isLivePlayerStream, roomPhase } from '@/packageA/components/player/play-state'
import { roomShare } from '@/packageA/components/room'
import { decisionOf } from '@/platform/subscribe-decision'
import { requestSubscription } from '@/platform/subscribe'
import type { RoomInfo } from '@/api/live'

describe('featured slow-live pages', () => {
  test('R9.28 R9.29 first page: tag 10, default and primary room 496, interaction room 539 or the first listed, popularity − 276000', () => {
    const cfg = FEATURED.wuxilcb
    expect(cfg).toMatchObject({ tagId: 10, defaultRoom: 496, primaryRoom: 496, popularityOffset: -276000 })
    expect(interactionRoomOf(cfg, [496, 539, 540])).toBe(539)
    expect(interactionRoomOf(cfg, [496, 540])).toBe(496)
    expect(interactionRoomOf(cfg, [700, 701])).toBe(700)
    expect(featuredPopularity(cfg, 1286000)).toBe(1010000)
    expect(featuredPopularity(cfg, 1000)).toBe(0)
  })
  test('R9.30 second page: rooms 461, 570–573 and 548, primary 571', () => {
    expect(FEATURED.dingshu).toMatchObject({ roomIds: [461, 570, 571, 572, 573, 548], primaryRoom: 571 })
  })
  test('R9.31 third page: rooms 172, 174, 175, primary 172', () => {
    expect(FEATURED.hubin).toMatchObject({ roomIds: [172, 174, 175], primaryRoom: 172 })
  })
  test('R3.55 a featured page holds its tag or room ids, default, primary and interaction rooms, popularity and title', () => {
    for (const cfg of Object.values(FEATURED)) {
      expect(cfg.title).toBeTruthy()
      expect(cfg.tagId !== undefined || (cfg.roomIds && cfg.roomIds.length > 0)).toBe(true)
      expect(cfg.defaultRoom).toBeGreaterThan(0)
      expect(cfg.primaryRoom).toBeGreaterThan(0)
    }
  })
})

describe('player rules', () => {
  const now = 1_800_000_000_000
  test('R4.11 the player shows the stream on air, a not-started card before, an ended card after', () => {
    expect(roomPhase({ onair: 1, source: 'http://h/a.m3u8' } as RoomInfo, now)).toBe('live')
    expect(roomPhase({ onair: 0, start_time: now / 1000 + 600 } as RoomInfo, now)).toBe('not-started')
    expect(roomPhase({ onair: 0, start_time: now / 1000 - 600 } as RoomInfo, now)).toBe('ended')
    expect(roomPhase({ onair: 1, source: '' } as RoomInfo, now)).toBe('ended')
  })
  test('live-player only for FLV/RTMP; HLS goes to video', () => {
    expect(isLivePlayerStream('rtmp://h/live/1')).toBe(true)
    expect(isLivePlayerStream('https://h/live/1.flv?x=1')).toBe(true)
    expect(isLivePlayerStream('https://h/live/1.m3u8')).toBe(false)
  })
})

describe('share and subscribe', () => {
  test('R3.54 R7.108 the share payload: title, link, image through the share preset', () => {
    expect(roomShare({ id: 5, title: '房间', onair: 1, cover: 'http://h/c.svg' } as RoomInfo)).toEqual({
      title: '房间',
      path: '/packageA/pages/live/live?roomid=5',
      imageUrl: 'http://h/c.svg?x-oss-process=image/resize,h_400/crop,mid,w_500,h_400'
    })
  })
  test('R5.13 a subscription needs an accept decision, accepting by default', async () => {
    expect(decisionOf({ T1: 'accept' }, 'T1')).toBe('accept')
    expect(decisionOf({ T1: 'reject' }, 'T1')).toBe('reject')
    expect(decisionOf({}, 'T1')).toBe('accept')
    expect(decisionOf(null, 'T1')).toBe('accept')
    await expect(requestSubscription('T1')).resolves.toBe('accept') // the web version has no dialog
  })
})
