import { PNG } from 'pngjs'

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

export function colourFor(key: string): string {
  let h = 0
  for (const c of key) h = (h * 131 + c.charCodeAt(0)) >>> 0
  return PALETTE[h % PALETTE.length]
}

const pngs = new Map<string, Buffer>()

/**
 * A flat colour placeholder sized for its kind, as a PNG: a raster like a broadcaster's JPEG covers, which browsers
 * decode off the main thread. Each SVG image is a document of its own that the page's main thread parses, lays out and
 * paints: on a two-core machine 12–22 ms a picture, about 400 ms for home's 25, most of Lighthouse's blocking time
 * there (docs/performance.md). WeChat's share cards take PNG and JPEG only, too. No label: a title needs a CJK font on
 * the server; the pages show each title beside its picture, and the banner's slides name theirs to screen readers.
 * The picture depends only on its size, shape and colour (at most 15 sizes, 12 colours), each drawn once.
 */
export function placeholderPng(kind: string, id: string): Buffer {
  const [w, h] = KIND_SIZE[kind] ?? [400, 300]
  const round = kind === 'avatar'
  const bg = colourFor(`${kind}/${id}`)
  const key = `${w}x${h}${round ? 'o' : ''}${bg}`
  let png = pngs.get(key)
  if (!png) {
    png = drawPlaceholder(w, h, round, bg)
    pngs.set(key, png)
  }
  return png
}

function drawPlaceholder(w: number, h: number, round: boolean, bg: string): Buffer {
  // RGB for a rectangle, RGBA for the round avatar: the pixels go in as they are written out, with no conversion
  const colorType = round ? 6 : 2
  const channels = round ? 4 : 3
  // sized here rather than in the constructor, which would allocate (and zero) an RGBA buffer only to be replaced
  const image = new PNG({ colorType, inputColorType: colorType, inputHasAlpha: round })
  image.width = w
  image.height = h
  image.data = Buffer.alloc(w * h * channels)
  const base = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16))
  // a white circle at 12 % over the top right, as the SVG placeholders had
  const lit = base.map((c) => Math.round(c + (255 - c) * 0.12))
  const cx = w * 0.85
  const cy = h * 0.2
  const cr = Math.min(w, h) * 0.25
  const inside = (x: number, y: number, ox: number, oy: number, radius: number) =>
    (x + 0.5 - ox) ** 2 + (y + 0.5 - oy) ** 2 <= radius * radius
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * channels
      const c = inside(x, y, cx, cy, cr) ? lit : base
      image.data[i] = c[0]
      image.data[i + 1] = c[1]
      image.data[i + 2] = c[2]
      if (round) image.data[i + 3] = inside(x, y, w / 2, h / 2, w / 2) ? 255 : 0
    }
  }
  // one filter (Paeth) for every row: pngjs's default tries all five on each row and keeps the smallest, about 2.4
  // times the drawing's cost for about 5 % fewer bytes on these flat pictures (a server's first answers compete with
  // the page it serves for a two-core machine's processors: docs/performance.md)
  return PNG.sync.write(image, { colorType, inputColorType: colorType, inputHasAlpha: round, filterType: 4 })
}
