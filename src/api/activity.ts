import type { Static } from 'typebox'
import type { DataOf, InputOf, PostAt } from '../../contract'
import type * as Act from '../../contract/activity'
import { answerPost, callPost } from '@/core/call'
import { roomKey } from '@/core/room-access'

/**
 * In-room activities (spec section 7 "Activities", R7.89–R7.102; shapes R3.35–R3.41). One function per call.
 * Lookups take `act_id`, or `roomid` for the room's running (else latest) activity. The login-gated calls (draws,
 * vote, quiz answer and result, lottery join and result) open the login prompt on a 401 (R6.2, R8.4). Every call
 * names the activity's room, and in a password room carries the `room_key` its room info answered (R3.9,
 * core/room-access.ts): the server answers a password room's activities only with it, as it does the chat.
 */

const A = '/userapp/living/activity'
const GATED = { loginPrompt: true } as const

type Lookup = InputOf<PostAt<'/userapp/living/activity/redpack/detail'>>
export type ActivityLookup = Required<Pick<Lookup, 'act_id'>> | Required<Pick<Lookup, 'roomid'>>

/** R3.36 lottery: lottery_type 0 text (send the title as chat), 1 grab (tap to join); open_type 0 manual, 1 auto. */
export type LotteryData = Static<typeof Act.Lottery>
export type LotteryResultData = DataOf<PostAt<'/userapp/living/activity/lottery/result'>>

/** R3.37 rain: interval is a comma list of seconds; hs_time / he_time unix seconds. */
export type RainData = Static<typeof Act.Rain>
export type RainDrawData = DataOf<PostAt<'/userapp/living/activity/rain/draw'>>
/** R3.38 */
export type RainWinner = Static<typeof Act.RainWinner>

export type RedpackData = Static<typeof Act.Redpack>
export type RedpackDrawData = DataOf<PostAt<'/userapp/living/activity/redpack/draw'>>
export type RedpackResultData = DataOf<PostAt<'/userapp/living/activity/redpack/result'>>

/** R3.39 */
export type VoteOption = Static<typeof Act.VoteOption>
export type VoteData = Static<typeof Act.Vote>

/** R3.40; `answer` only once the viewer has answered. */
export type QuizData = NonNullable<DataOf<PostAt<'/userapp/living/activity/puzzle/detail'>>>
export type QuizResultData = DataOf<PostAt<'/userapp/living/activity/puzzle/result'>>

/** R3.41: index counts from 1. */
export type GoodsItem = Static<typeof Act.GoodsItem>

/** The call's fields, with the room's key when the viewer entered the room's password (R3.9). */
function inRoom<B extends object>(roomid: number, body: B): B & { room_key?: string } {
  const key = roomKey(roomid)
  return key ? { ...body, room_key: key } : body
}

const lookup = (q: ActivityLookup) => ('roomid' in q ? inRoom(q.roomid, q) : q)

/** R7.89 */
export const fetchRedpack = (q: ActivityLookup): Promise<RedpackData | null> =>
  callPost(`${A}/redpack/detail`, lookup(q))
/** R7.93; the server's text of the draw is shown with it. */
export const drawRedpack = (roomid: number, act_id: number): Promise<{ data: RedpackDrawData; msg: string }> =>
  answerPost(`${A}/redpack/draw`, inRoom(roomid, { act_id }), GATED)
/** R7.94 */
export const fetchRedpackResult = (roomid: number, act_id: number): Promise<RedpackResultData> =>
  callPost(`${A}/redpack/result`, inRoom(roomid, { act_id }))

/** R7.90 */
export const fetchRain = (q: ActivityLookup): Promise<RainData | null> => callPost(`${A}/rain`, lookup(q))
/** R7.91 */
export const drawRain = (roomid: number, act_id: number): Promise<RainDrawData> =>
  callPost(`${A}/rain/draw`, inRoom(roomid, { act_id }), GATED)
/** The viewer's own draws of a rain and the chances left, as the server counts them (login; R7.112). */
export type RainMineData = DataOf<PostAt<'/userapp/living/activity/rain/mine'>>
export const fetchRainMine = (roomid: number, act_id: number): Promise<RainMineData> =>
  callPost(`${A}/rain/mine`, inRoom(roomid, { act_id }))
/** R7.92 */
export const fetchRainWinners = (roomid: number, act_id: number): Promise<RainWinner[]> =>
  callPost(`${A}/rain/winner`, inRoom(roomid, { act_id }))

/** R7.95 */
export const fetchVote = (q: ActivityLookup): Promise<VoteData | null> => callPost(`${A}/vote/detail`, lookup(q))
/** R7.96: answers `{option_id, vote}`, the option's new count. */
export const postVote = (roomid: number, act_id: number, option_id: number) =>
  callPost(`${A}/vote/post`, inRoom(roomid, { act_id, option_id }), GATED)

/** R7.97 */
export const fetchQuiz = (q: ActivityLookup): Promise<QuizData | null> => callPost(`${A}/puzzle/detail`, lookup(q))
/** R7.98 */
export const postQuizAnswer = (roomid: number, act_id: number, answer: number) =>
  callPost(`${A}/puzzle/post`, inRoom(roomid, { act_id, answer }), GATED)
/** R7.99: /puzzle/result?act_id=N */
export const fetchQuizResult = (roomid: number, act_id: number): Promise<QuizResultData> =>
  callPost(`${A}/puzzle/result?act_id=${act_id}`, inRoom(roomid, { act_id }), GATED)

/** The lottery (R3.36, R7.102; paths of the reference server, R7.112). */
export const fetchLottery = (q: ActivityLookup): Promise<LotteryData | null> =>
  callPost(`${A}/lottery/detail`, lookup(q))
/** Grab lottery: tap to join (R4.37); the server's text of the join is shown. */
export const joinLottery = (roomid: number, act_id: number) =>
  answerPost(`${A}/lottery/draw`, inRoom(roomid, { act_id }), GATED)
export const fetchLotteryResult = (roomid: number, act_id: number): Promise<LotteryResultData> =>
  callPost(`${A}/lottery/result`, inRoom(roomid, { act_id }), GATED)

/** R7.100 */
export const fetchGoods = (roomid: number): Promise<GoodsItem[]> =>
  callPost('/userapp/living/goods', inRoom(roomid, { roomid }))
/** R7.101 */
export const viewGoods = (id: number, roomid: number) =>
  callPost('/userapp/living/goods/view', inRoom(roomid, { id, roomid }))
