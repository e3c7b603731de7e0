import type { FastifyPluginAsync } from 'fastify'

/**
 * The external activity pages the client opens in its web view (spec R2.22, R2.27): lottery records, rain-lottery
 * records and the activity that preview 1473 stands for. Plain HTML, as the broadcaster's activity host serves them.
 */
const PAGES: Record<string, { title: string; body: string }> = {
  'preview-1473': {
    title: '太湖灯光秀 · 线上互动活动',
    body: '<p>扫码或点击下方按钮，点亮你的那一盏灯。</p><p class="tip">活动页（本地演示）</p>'
  },
  'lottery-records': {
    title: '我的抽奖记录',
    body: '<p>登录后可在这里查看直播间的抽奖与中奖记录。</p><p class="tip">活动页（本地演示）</p>'
  },
  'rain-records': {
    title: '红包雨记录',
    body: '<p>这里展示你在红包雨中抢到的奖品。</p><p class="tip">活动页（本地演示）</p>'
  }
}

const pagesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/activity/:name', async (req, reply) => {
    const page = PAGES[(req.params as { name: string }).name]
    reply.type('text/html; charset=utf-8')
    if (!page) return reply.code(404).send(html('页面不存在', '<p>找不到这个活动页。</p>'))
    return html(page.title, page.body)
  })
}

export default pagesRoutes

function html(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;text-align:center;color:#333}h2{color:#ff8300}.tip{color:#999;font-size:12px}</style>
</head><body><h2>${title}</h2>${body}</body></html>`
}
