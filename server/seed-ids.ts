/**
 * Seeded content by what it is (server/seed.ts writes it): the ids tests and demos rely on, named once so a test says
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
