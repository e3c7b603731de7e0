import type { Static } from 'typebox'
import type { DataOf, InputOf, PostAt } from '../../contract'
import type { GiftEvent, Gift as GiftSchema } from '../../contract/live'
import { roomKey } from '@/core/room-access'
import { callPost, track, type DeclaredCall } from '@/core/call'

/** A gift of the room's gift panel (R7.66); price in 慧币 (gold, R1.4, R9.1). */
export type Gift = Static<typeof GiftSchema>

/** A gift event: the answer of send_gifts and the room's `gift` push (R3.16). */
export type GiftEventData = Static<typeof GiftEvent>

/** The answer of send_gifts: the event plus what it cost and the balance left. */
export type SendGiftResult = DataOf<PostAt<'/userapp/send_gifts'>>

/** The answer of a like call and the room's `like` push: the room's new total. */
export type LikeResult = DataOf<PostAt<'/userapp/living/like'>>

/** POST /userapp/living/gifts/list (R7.66). */
export function fetchGifts(roomid?: number): Promise<Gift[]> {
  return callPost('/userapp/living/gifts/list', roomid ? { roomid } : {})
}

/** POST /userapp/send_gifts {roomid, giftid, combo, request_id?} (R7.77, R3.16); login required. */
export const SEND_GIFTS: DeclaredCall<InputOf<PostAt<'/userapp/send_gifts'>>, SendGiftResult> = {
  path: '/userapp/send_gifts'
}

export function sendGift(q: {
  roomid: number
  giftid: number
  combo: number
  request_id?: string
}): Promise<SendGiftResult> {
  const data: InputOf<PostAt<'/userapp/send_gifts'>> = { roomid: q.roomid, giftid: q.giftid, combo: q.combo }
  if (q.request_id) data.request_id = q.request_id
  if (roomKey(q.roomid)) data.room_key = roomKey(q.roomid) // a password room (R3.9)
  return callPost(SEND_GIFTS, data)
}

/** R7.111: 送礼物, with the gift, how many and what they cost. */
export const giftSent = /*#__PURE__*/ track(SEND_GIFTS, '送礼物', {
  room: (p) => p.roomid,
  props: (p, d) => ({
    gift_id: p.giftid,
    gift_name: d?.gift_name ?? '',
    combo: Number(p.combo) || 1,
    cost: d?.cost ?? null
  })
})

/** POST /userapp/living/like {roomid, combo, request_id?} (R7.76, R3.17): one call carries a batch of taps. */
export const LIVING_LIKE: DeclaredCall<InputOf<PostAt<'/userapp/living/like'>>, LikeResult> = {
  path: '/userapp/living/like'
}

export function sendLike(q: { roomid: number; combo: number; request_id?: string }): Promise<LikeResult> {
  const data: InputOf<PostAt<'/userapp/living/like'>> = { roomid: q.roomid, combo: q.combo }
  if (q.request_id) data.request_id = q.request_id
  if (roomKey(q.roomid)) data.room_key = roomKey(q.roomid) // a password room (R3.9)
  return callPost(LIVING_LIKE, data)
}

/** R7.111: 点赞, with the taps the call carried. */
export const liked = /*#__PURE__*/ track(LIVING_LIKE, '点赞', {
  room: (p) => p.roomid,
  props: (p) => ({ combo: Number(p.combo) || 1 })
})
