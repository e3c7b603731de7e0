// The pages of dist/weapp/app.json with realistic queries: what a viewer must read on each (taken from the reference
// server's answers at test time) and further checks. Shared by the page suite and the setData budget.
import assert from 'node:assert/strict'
import type { Answer } from '../contract/codes'
import type { RefServer } from './server'
import { builtLegalText, type WeappSim } from './sim'

interface Paged<T> {
  list: T[]
}
const data = async <T>(p: Promise<Answer<T>>) => (await p).data
const strip = (html: string) => html.replace(/<[^>]*>/g, '')

export interface PageCase {
  route: string
  query?: Record<string, string>
  /** what a viewer must read on the page, from the server's answers */
  expect: (srv: RefServer) => Promise<string[]>
  /** more checks once the texts are there */
  check?: (sim: WeappSim, srv: RefServer) => Promise<void> | void
}

const roomTitle = async (srv: RefServer, roomid: number) =>
  (await data(srv.api<{ title: string }>('userapp/roominfo', { roomid }))).title

export const PAGE_CASES: PageCase[] = [
  {
    route: 'pages/home/home',
    expect: async (srv) => {
      const rooms = await data(srv.api<Paged<{ title: string }>>('userapp/living/list', { page: 1, count: 10 }))
      return ['热门主播', rooms.list[0].title]
    },
    check: (sim) => assert.match(sim.page.tabBar!.text(), /直播.*主播.*视听.*我的/)
  },
  {
    route: 'pages/streamer/streamer',
    expect: async (srv) => {
      const tags = await data(srv.api<{ title: string }[]>('userapp/host/tags'))
      const hosts = await data(
        srv.api<Paged<{ nick_name: string }>>('userapp/host/list', { tag: 0, count: 15, page: 1 })
      )
      return ['热门', ...tags.map((t) => t.title), hosts.list[0].nick_name]
    }
  },
  {
    route: 'pages/media/media',
    expect: async (srv) => {
      const programs = await srv.get<{ title: string }[]>('/live/api_mapp.php?a=media_programs&media=tv')
      return ['电视', '广播', programs[0].title]
    }
  },
  { route: 'pages/user/user', expect: async () => ['微信一键登录', '密码登录'] },
  {
    route: 'pages/list/list',
    query: { type: 'playback' },
    expect: async (srv) => [
      (await data(srv.api<Paged<{ title: string }>>('userapp/playback/list', { page: 1, count: 10 }))).list[0].title
    ]
  },
  {
    route: 'packageA/pages/live/live',
    query: { roomid: '496' },
    expect: async (srv) => {
      const room = await data(
        srv.api<{ title: string; streamer: { nick_name: string } }>('userapp/roominfo', { roomid: 496 })
      )
      const history = await data(srv.api<{ content: string }[]>('userapp/living/danmaku', { roomid: 496, count: 10 }))
      const last = JSON.parse(history[history.length - 1].content) as { text: string }
      return [room.title, room.streamer.nick_name, '聊天简介', last.text]
    },
    check: async (sim) => {
      // the room's push channel is open (one WebSocket per room)
      await sim.waitFor(
        () => sim.sockets.some((x) => /\/ws\?roomid=496$/.test(x.url) && x.received > 0),
        'the room socket'
      )
    }
  },
  {
    route: 'packageA/pages/playback/playback',
    query: { id: '5005' },
    expect: async (srv) => {
      const d = await data(srv.api<{ title: string }>('userapp/playback/detail', { id: 5005 }))
      const comments = await data(
        srv.api<Paged<{ content: string }>>('userapp/playback/comment/list', { id: 5005, page: 1, count: 5 })
      )
      return [d.title, comments.list[0].content]
    }
  },
  {
    route: 'packageA/pages/preview/preview',
    query: { id: '1470' },
    expect: async (srv) => [
      (await data(srv.api<{ title: string }>('userapp/teaser/detail', { id: 1470 }))).title,
      '预约提醒'
    ]
  },
  {
    route: 'packageA/pages/timeline/timeline',
    query: { id: '1' },
    expect: async (srv) => {
      const topic = await srv.get<{ title: string }>('/live/api_mapp.php?a=timeline_topic&id=1')
      const posts = await srv.get<Paged<{ host_name: string }>>(
        '/live/api_mapp.php?a=timeline_posts&id=1&count=10&page=1'
      )
      return [topic.title, posts.list[0].host_name]
    }
  },
  {
    route: 'packageA/pages/post/post',
    query: { id: '101', topic: '1' },
    expect: async (srv) => {
      const post = await srv.get<{ content: string; host_name: string }>('/live/api_mapp.php?a=timeline_post&id=101')
      return [post.host_name, strip(post.content).split('联系电话')[0]]
    }
  },
  {
    route: 'packageA/pages/streamer/streamer',
    query: { roomid: '496' },
    expect: async (srv) => [
      (await data(srv.api<{ streamer: { nick_name: string } }>('userapp/roominfo', { roomid: 496 }))).streamer
        .nick_name,
      'TA的回放'
    ]
  },
  {
    route: 'packageA/pages/streamer/follow/follow',
    expect: async () => ['登录后查看关注的主播']
  },
  { route: 'packageA/featured/wuxilcb/wuxilcb', expect: async (srv) => [await roomTitle(srv, 496), '热度'] },
  { route: 'packageA/featured/dingshu/dingshu', expect: async (srv) => [await roomTitle(srv, 571), '热度'] },
  { route: 'packageA/featured/hubin/hubin', expect: async (srv) => [await roomTitle(srv, 172), '热度'] },
  {
    // the 视听 tab's player page (beyond spec section 2): a video from the video list, on demand
    route: 'packageA/pages/watch/watch',
    query: { type: 'video', id: '8003' },
    expect: async (srv) => {
      const videos = await srv.get<Paged<{ id: number; title: string }>>(
        '/live/api_mapp.php?a=video_list_m2o&page=1&count=10'
      )
      return [videos.list.find((v) => v.id === 8003)!.title, '次播放']
    }
  },
  {
    route: 'packageB/pages/deposit/deposit',
    expect: async (srv) => {
      const prices = await data(srv.api<{ gold: number; price: number }[]>('userapp/pay_gold_list'))
      return ['选择充值金额', ...prices.map((p) => `${p.gold} 慧币`)]
    }
  },
  {
    route: 'packageB/pages/album/album',
    query: { id: '1' },
    expect: async (srv) => [(await data(srv.api<{ title: string }>('userapp/album/detail', { id: 1 }))).title]
  },
  {
    route: 'packageB/pages/search/search',
    expect: async (srv) => ['热门搜索', ...(await data(srv.api<string[]>('userapp/search/hot'))).slice(0, 5)]
  },
  {
    route: 'packageB/pages/web/web',
    // the query as the app's openWebView builds it: the URL encoded once (WeChat hands it to onLoad undecoded)
    query: { url: encodeURIComponent('https://mp.weixin.qq.com/s/weapp-sim?a=1&b=2') },
    expect: async () => [],
    check: async (sim) => {
      const view = await sim.waitFor(() => sim.page.byTag('web-view')[0], 'the web-view')
      assert.equal(sim.page.attr(view, 'src'), 'https://mp.weixin.qq.com/s/weapp-sim?a=1&b=2')
    }
  },
  {
    route: 'packageB/pages/channel/bridge',
    query: { finderUserName: 'sphWeappSim' },
    expect: async () => ['正在打开视频号'],
    check: async (sim) => {
      const call = await sim.waitFor(() => sim.callsOf('openChannelsLive')[0], 'wx.openChannelsLive')
      assert.equal(call.options.finderUserName, 'sphWeappSim')
    }
  },
  {
    // a goods card's link; an anonymous viewer is asked to log in first (the logged-in order is in the page suite)
    route: 'packageB/pages/mall/payment',
    query: { goods_id: '6001' },
    expect: async () => ['订单支付', '登录后查看订单', '去登录']
  },
  // a fresh launch has watched nothing yet: the note and the empty state (history.weapp-run.test.ts fills it)
  { route: 'packageB/pages/history/history', expect: async () => ['本机观看记录', '暂无观看记录'] },
  {
    route: 'packageB/pages/legal/legal',
    query: { doc: 'privacy' },
    // the text the build was made with (TARO_APP_PRIVACY_POLICY_FILE: npm test's release build, else config/legal/)
    expect: async () => ['隐私政策', builtLegalText('TARO_APP_PRIVACY_POLICY_FILE')]
  },
  {
    // 消费记录 (the viewer's own charges): an anonymous viewer is asked to log in (the logged-in log is in the page suite)
    route: 'packageB/pages/consume/consume',
    expect: async () => ['登录后查看消费记录', '去登录']
  }
]
