import { answerOf, callPost } from '@/core/call'
import { request } from '@/core/request'

/**
 * In-room activities (spec section 7 "Activities", R7.89–R7.102; shapes R3.35–R3.41). One function per call.
 * Lookups take `act_id`, or `roomid` for the room's running (else latest) activity. The login-gated calls (draws,
 * vote, quiz answer and result, lottery join and result) open the login prompt on a 401 (R6.2, R8.4).
 */

const A = '/userapp/living/activity'
const GATED = { loginPrompt: true } as const

export type ActivityLookup = { act_id: number } | { roomid: number }

/** R3.36 lottery: lottery_type 0 text (send the title as chat), 1 grab (tap to join); open_type 0 manual, 1 auto. */
export interface LotteryData {
  id: number
  title: string
  prize?: string
  lottery_type: number
  open_type?: number
  status: number
  winners_count?: number
  userlist?: Array<{ uid: number; uname?: string; avatar?: string }>
  /** when it is drawn (unix seconds), where the server says */
  end_time?: number
}
export interface LotteryResultData extends LotteryData {
  joined: number
  win: number
  finished: number
}

/** R3.37 rain: interval is a comma list of seconds; hs_time / he_time unix seconds. */
export interface RainData {
  actId: number
  id?: number
  title?: string
  throttle: number
  count: number
  interval: string
  hs_time: number
  he_time: number
  istop: number
  immediately?: number
  status?: number
}
export interface RainDrawData {
  win: number
  title: string
  prize: { title: string } | null
  remain: number
}
/** R3.38 */
export interface RainWinner {
  id: number
  uid: number
  uname: string
  title: string
}

export interface RedpackData {
  id: number
  title: string
  total_gold: number
  count: number
  remain: number
  status: number
  /** when what is left expires (unix seconds), where the server says */
  end_time?: number
}
export interface RedpackDrawData {
  amount: number
  gold: number
  repeat?: number
}
export interface RedpackResultData extends RedpackData {
  list: Array<{ uid: number; uname: string; avatar?: string; amount: number }>
  mine: number
}

/** R3.39 */
export interface VoteOption {
  id: number
  title: string
  vote: number
}
export interface VoteData {
  id: number
  title: string
  status?: number
  options: VoteOption[]
  voted_option_id?: number
}

/** R3.40; `answer` only once the viewer has answered. */
export interface QuizData {
  id: number
  title: string
  status?: number
  options: Array<{ id: number; title: string }>
  my_answer?: number
  answer?: number
}
export interface QuizResultData {
  answer: number
  answered: number
  my_answer: number
  correct: number
  total: number
  correct_count: number
}

/** R3.41: index counts from 1. */
export interface GoodsItem {
  id: number
  title: string
  price: number
  cover: string
  url: string
  on_screen: number
  index: number
  views?: number
}

/** R7.89 */
export const fetchRedpack = (q: ActivityLookup): Promise<RedpackData | null> => callPost(`${A}/redpack/detail`, q)
/** R7.93; the server's text of the draw is shown with it. */
export const drawRedpack = (act_id: number): Promise<{ data: RedpackDrawData; msg: string }> =>
  answerOf(request<RedpackDrawData>(`${A}/redpack/draw`, { act_id }, { ...GATED, method: 'POST' }))
/** R7.94 */
export const fetchRedpackResult = (act_id: number): Promise<RedpackResultData> =>
  callPost(`${A}/redpack/result`, { act_id })

/** R7.90 */
export const fetchRain = (q: ActivityLookup): Promise<RainData | null> => callPost(`${A}/rain`, q)
/** R7.91 */
export const drawRain = (act_id: number): Promise<RainDrawData> => callPost(`${A}/rain/draw`, { act_id }, GATED)
/** R7.92 */
export const fetchRainWinners = (act_id: number): Promise<RainWinner[]> => callPost(`${A}/rain/winner`, { act_id })

/** R7.95 */
export const fetchVote = (q: ActivityLookup): Promise<VoteData | null> => callPost(`${A}/vote/detail`, q)
/** R7.96: answers `{option_id, vote}`, the option's new count. */
export const postVote = (act_id: number, option_id: number): Promise<{ option_id: number; vote?: number }> =>
  callPost(`${A}/vote/post`, { act_id, option_id }, GATED)

/** R7.97 */
export const fetchQuiz = (q: ActivityLookup): Promise<QuizData | null> => callPost(`${A}/puzzle/detail`, q)
/** R7.98 */
export const postQuizAnswer = (act_id: number, answer: number): Promise<{ answer: number; correct: number }> =>
  callPost(`${A}/puzzle/post`, { act_id, answer }, GATED)
/** R7.99: /puzzle/result?act_id=N */
export const fetchQuizResult = (act_id: number): Promise<QuizResultData> =>
  callPost(`${A}/puzzle/result?act_id=${act_id}`, { act_id }, GATED)

/** The lottery (R3.36, R7.102; paths of the reference server, R7.112). */
export const fetchLottery = (q: ActivityLookup): Promise<LotteryData | null> => callPost(`${A}/lottery/detail`, q)
/** Grab lottery: tap to join (R4.37); the server's text of the join is shown. */
export const joinLottery = (act_id: number): Promise<{ data: { joined: number }; msg: string }> =>
  answerOf(request<{ joined: number }>(`${A}/lottery/draw`, { act_id }, { ...GATED, method: 'POST' }))
export const fetchLotteryResult = (act_id: number): Promise<LotteryResultData> =>
  callPost(`${A}/lottery/result`, { act_id }, GATED)

/** R7.100 */
export const fetchGoods = (roomid: number): Promise<GoodsItem[]> => callPost('/userapp/living/goods', { roomid })
/** R7.101 */
export const viewGoods = (id: number, roomid: number): Promise<{ id: number; views: number }> =>
  callPost('/userapp/living/goods/view', { id, roomid })
