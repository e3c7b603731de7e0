/**
 * Seeded content by what it is (server/db/seed.ts writes it): the ids tests and demos rely on, named once so a test says
 * which kind of room it needs instead of a number and a comment. Every on-air room has 8 messages of today's chat
 * history.
 */
export const SEED_IDS = {
  rooms: {
    /** a free room on air with goods (商品 tab) and no activities */
    onAirWithGoods: 306,
    /** a free room on air with today's history: the chat's history and send tests */
    onAirWithHistory: 307,
    /** a landscape traffic camera on air */
    onAirLandscape: 312,
    /** on air behind the password `8888` (DEMO.roomPasswords) */
    password: 309,
    /** on air with its chat closed (chat_closed) */
    chatClosed: 318,
    /** premium (paid) room on air with a 60 s trial */
    premium: 303,
    /** the slow-live interactive room, with the running vote */
    withRunningVote: 539
  },
  playbacks: {
    /** a paid playback: 30 慧币 with a 30 s trial */
    premium: 5009
  },
  activities: {
    /** the vote running in rooms.withRunningVote */
    runningVote: 9001
  }
} as const

/** Demo accounts (also written in server/README.md) and the published room passwords. */
export const DEMO = {
  user: { id: 10001, mobile: '13800000001', password: 'demo1234', name: '慧眼观众', gold: 500 },
  /** no mobile: log in with the dev mini-program code `dev` (or `demo`) */
  noMobile: { id: 10002, openid: 'o_dev_demo', name: '微信用户', gold: 100 },
  partner: { userid: '9001', usertokenkey: 'dev-9001' },
  roomPasswords: { 309: '8888', 322: '2024wx' } as Record<number, string>
}

/** The streamers' tags the seed writes (the streamer list's filter). */
export const TAGS = [
  { id: 1, title: '新闻' },
  { id: 2, title: '文旅' },
  { id: 3, title: '音乐' },
  { id: 4, title: '体育' },
  { id: 5, title: '美食' },
  { id: 6, title: '财经' },
  { id: 7, title: '生活' },
  { id: 8, title: '非遗' },
  { id: 10, title: '慢直播' }
]
