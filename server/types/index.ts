/** Shapes of the content documents kept in the `docs` table. Image paths are root-relative (`/img/...`) and
 * made absolute from the request Host when answered. */
export interface Tab {
  title: string
  type: 'chat' | 'intro' | 'timeline' | 'album' | 'goods' | 'rank' | 'web'
  content?: string
  topic_id?: number
  album_id?: number
  url?: string
}

export interface Room {
  id: number
  title: string
  topic: string
  cover: string
  orientation: 'landscape' | 'portrait'
  onair: 0 | 1
  start_time: number
  end_time: number
  streamer_id: number
  tags: number[]
  is_premium: 0 | 1
  price: number
  trial_seconds: number
  password: string
  chat_closed: 0 | 1
  test: 0 | 1
  external: { tabs: Tab[] }
  online: number
  likes: number
  visits: number
  shares: number
  sort: number
  review_id: number
  /** scheduled rooms are pushed forward by whole weeks at start so the demo never goes stale */
  scheduled: 0 | 1
}

export interface Streamer {
  id: number
  name: string
  sex: 0 | 1 | 2
  avatar: string
  description: string
  room_id: number
  tags: number[]
  fans: number
  popularity: number
  likes: number
}

export interface Playback {
  id: number
  room_id: number
  title: string
  cover: string
  duration: number
  streamer_id: number
  views: number
  likes: number
  time: number
  recommend: 0 | 1
  is_premium: 0 | 1
  price: number
  trial_seconds: number
  description: string
  danmaku: Array<{ relativeTimestamp: number; content: string }>
}

export interface Teaser {
  id: number
  title: string
  cover: string
  description: string
  start_time: number
  room_id: number
  streamer_id: number
  subscribes: number
  link: string
  scheduled: 0 | 1
}

export interface Channel {
  id: number
  type: 'tv' | 'radio'
  title: string
  logo: string
  frequency: string
  programmes: Array<{ start: string; end: string; title: string }>
  weekend: Array<{ start: string; end: string; title: string }>
}

export interface Gift {
  id: number
  name: string
  price: number
  icon: string
  effect: string
}

export interface Activity {
  id: number
  room_id: number
  kind: 'vote' | 'quiz' | 'rain' | 'redpack' | 'lottery'
  title: string
  status: 0 | 1 // 1 running, 0 finished
  created_at: number
  [k: string]: unknown
}

export interface Goods {
  id: number
  room_id: number
  title: string
  price: number
  cover: string
  url: string
  on_screen: 0 | 1
  views: number
}

export interface UserRow {
  id: number
  name: string
  avatar: string
  mobile: string | null
  password: string | null
  openid: string | null
  partner_uid: string | null
  gold: number
  created_at: number
  /** bumped by logout: id/sign cookies signed for an older version are void */
  session_version: number
}

/** A stream cut by the dev control (`POST /dev/rooms/:id/stream/cut`): its requests fail until `until`. */
export interface StreamCut {
  until: number
  mode: '503' | 'hang'
}

/** What the HLS routes (routes/hls/index.ts) share with the dev control: the low-latency switch and the cuts in force. */
export interface Streams {
  lowLatency: boolean
  cuts: Map<string, StreamCut>
}
