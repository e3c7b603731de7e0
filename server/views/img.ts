import { escapeXml } from '../lib/util'

const PALETTE = [
  '#ff8300',
  '#e4572e',
  '#17bebb',
  '#2e86ab',
  '#76b041',
  '#a23b72',
  '#f18f01',
  '#3b5998',
  '#c73e1d',
  '#6a4c93',
  '#1b998b',
  '#ef476f'
]

const KIND_SIZE: Record<string, [number, number]> = {
  avatar: [200, 200],
  gift: [160, 160],
  menu: [120, 120],
  channel: [240, 160],
  goods: [300, 300],
  slide: [750, 320],
  room: [640, 360],
  playback: [640, 360],
  teaser: [640, 360],
  video: [640, 360],
  program: [480, 480],
  album: [640, 360],
  photo: [900, 600],
  topic: [640, 360]
}

const KIND_NAME: Record<string, string> = {
  avatar: '头像',
  gift: '礼物',
  menu: '菜单',
  channel: '频道',
  goods: '商品',
  slide: '轮播',
  room: '直播',
  playback: '回放',
  teaser: '预告',
  video: '视频',
  program: '节目',
  album: '相册',
  photo: '照片',
  topic: '话题'
}

export function colourFor(key: string): string {
  let h = 0
  for (const c of key) h = (h * 131 + c.charCodeAt(0)) >>> 0
  return PALETTE[h % PALETTE.length]
}

/** A flat colour placeholder with a short Chinese label, sized for its kind. */
export function placeholderSvg(kind: string, id: string, label?: string): string {
  const [w, h] = KIND_SIZE[kind] ?? [400, 300]
  const bg = colourFor(`${kind}/${id}`)
  const text = (label ?? `${KIND_NAME[kind] ?? '图片'} ${id}`).slice(
    0,
    kind === 'avatar' || kind === 'gift' || kind === 'menu' ? 2 : 14
  )
  const size = Math.round(Math.min((w / Math.max(2, text.length)) * 0.9, h * 0.28))
  const round = kind === 'avatar' ? ` rx="${w / 2}"` : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="${bg}"${round}/>
<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.25}" fill="#ffffff" fill-opacity="0.12"/>
<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text>
</svg>
`
}
