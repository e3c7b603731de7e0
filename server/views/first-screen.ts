// The home page's first screen, pre-rendered into index.html ("a pre-rendered first screen of home served
// by the reference server; the home data is public").
//
// A first visit to home otherwise paints nothing but the loading state until the scripts have run, the slides have
// been fetched and the page has rendered: the first slide (home's largest content) started loading about 2 s into
// Lighthouse's mobile run. Here the HTML itself carries the navigation bar, the first slide and the menu, so the
// browser finds the slide image while it parses the page. They sit in a fixed layer over the app (`#first-screen`,
// `aria-hidden`, no pointer events, nothing focusable: the app underneath stays what assistive technology and taps
// reach) that the home page removes once its own first screen is on the page (src/platform/first-screen.h5.ts); a
// removed layer moves nothing, so it adds no layout shift. Sizes are the app's own (rem of the 750 design width: 40
// design px a rem, as Taro's H5 sets the root font size), so the page under the layer looks the same when it goes.
// If the app never renders, the layer removes itself after FIRST_SCREEN_TIMEOUT.
//
// The live room gets the same for its first screen (the player's box with the room's cover, the title and topic):
// its largest text painted from the HTML rather than after the scripts, the fingerprint and the room info. Only
// rooms anyone may open get it: not a test room, not a password room (its title waits for the password), not a
// paid room (its banner sits between player and title); the stream itself is never in the page.
//
// Only plain `/m2/`, `/m2/pages/home/home` and `/m2/packageA/pages/live/live?roomid=<digits>` get a layer: any other
// query may send the startup elsewhere (R2.x startup links). Every value from the database is escaped; image URLs
// must be the app's own root-relative media paths (made absolute as the API does, so the app's <img> finds them in
// the cache).
import type { FirstScreenId } from '../../contract/first-screen'
import type { Store } from '../db'
import { escapeXml } from '../lib/util'

export const FIRST_SCREEN_ID: FirstScreenId = 'first-screen'
export const FIRST_SCREEN_TIMEOUT = 8000
const HOME_PATHS = new Set(['/m2/', '/m2/index.html', '/m2/pages/home/home'])
const LIVE_PATH = /^\/m2\/packageA\/pages\/live\/live\?roomid=(\d{1,9})$/

interface Doc {
  title?: unknown
  image?: unknown
  icon?: unknown
}

interface RoomDoc {
  title?: unknown
  topic?: unknown
  cover?: unknown
  orientation?: unknown
  password?: unknown
  is_premium?: unknown
  test?: unknown
}

export type FirstScreen = { page: 'home' } | { page: 'live'; roomId: number }

/** Which first screen a GET of `url` gets, if any. */
export function firstScreenOf(url: string): FirstScreen | null {
  if (HOME_PATHS.has(url)) return { page: 'home' }
  const live = LIVE_PATH.exec(url)
  return live ? { page: 'live', roomId: Number(live[1]) } : null
}

const text = (v: unknown) => escapeXml(typeof v === 'string' ? v : '')
/** a root-relative media path of ours, made absolute from the request's origin; anything else is left out */
const media = (v: unknown, base: string) =>
  typeof v === 'string' && /^\/(img|files)\/[\w./-]+$/.test(v) && !v.includes('..') ? escapeXml(base + v) : ''
/**
 * The same as a CSS background (a style attribute's `url(…)`), only where the whole address is made of characters
 * that can leave neither the url() nor the attribute. A background, not an <img> with object-fit: headless Chromium
 * without a GPU holds the first paint of a page about a second while an object-fit image is prepared; a background
 * sized to cover (or contain) paints at once and looks the same.
 */
function background(v: unknown, base: string): { style: string; preload: string } | null {
  const url = media(v, base)
  if (!url || !/^[\w.:/[\]-]+$/.test(url)) return null
  // the parser's look-ahead finds an <img>, not a background: the preload asks for it as early
  return {
    style: ` style="background-image:url(${url})"`,
    preload: `<link rel="preload" as="image" href="${url}" fetchpriority="high">`
  }
}

/** The layer itself: over the whole viewport, untappable, in the app's page background and type (src/app.scss). */
const layerRule = (background: string) =>
  `#${FIRST_SCREEN_ID}{position:fixed;top:0;left:0;right:0;bottom:0;z-index:2000;background:${background};pointer-events:none;overflow:hidden;font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif;color:#333}`

// the app's sizes (src/pages/home/home.scss, src/components/nav-bar): 1rem = 40 design px; the H5 navigation bar is
// a 10 px status bar and 40 px, its right side kept clear of the 94 px the capsule takes (src/platform/system-info.ts)
const STYLE = `${layerRule('#f5f5f5')}
#${FIRST_SCREEN_ID} .fs-nav{height:50px;padding-top:10px;box-sizing:border-box;background:linear-gradient(180deg,#ff8300,#ff9d33)}
#${FIRST_SCREEN_ID} .fs-bar{height:40px;display:flex;align-items:center;padding:0 94px 0 .6rem;box-sizing:border-box}
#${FIRST_SCREEN_ID} .fs-title{font-size:.85rem;font-weight:700;color:#1a1a1a;margin-right:.5rem;white-space:nowrap}
#${FIRST_SCREEN_ID} .fs-search{flex:1;height:1.5rem;border-radius:.75rem;background:rgba(255,255,255,.9);display:flex;align-items:center;padding:0 .6rem;font-size:.6rem;color:#6b6b6b}
#${FIRST_SCREEN_ID} .fs-slide{display:block;height:7.5rem;margin:.5rem .6rem 0;border-radius:.4rem;overflow:hidden;background:#eee center/cover no-repeat}
#${FIRST_SCREEN_ID} .fs-menu{display:flex;flex-wrap:wrap;background:#fff;margin:.5rem .6rem 0;border-radius:.4rem;padding:.4rem 0}
#${FIRST_SCREEN_ID} .fs-item{width:25%;display:flex;flex-direction:column;align-items:center;padding:.3rem 0}
#${FIRST_SCREEN_ID} .fs-item img{width:2rem;height:2rem;border-radius:.5rem}
#${FIRST_SCREEN_ID} .fs-item span{margin-top:.2rem;font-size:.6rem;line-height:1.4}`

// the live room's sizes (src/packageA/pages/live/live.scss): the stage 422 (portrait 800, at most 40vh) design px, black, the
// cover as the video's poster (contained, as <video poster> shows it); then the title block
const LIVE_STYLE = `${layerRule('#fff')}
#${FIRST_SCREEN_ID} .fs-top{height:44px;display:flex;align-items:center;padding:0 12px 0 4px;box-sizing:border-box;border-bottom:1px solid #eee;background:#fff}
#${FIRST_SCREEN_ID} .fs-top-home{min-width:44px;padding:0 8px;box-sizing:border-box;font-size:15px;color:#222;white-space:nowrap}
#${FIRST_SCREEN_ID} .fs-top-title{flex:1;min-width:0;margin-left:8px;font-size:16px;font-weight:600;color:#222;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
#${FIRST_SCREEN_ID} .fs-stage{height:10.55rem;background:#000 center/contain no-repeat}
#${FIRST_SCREEN_ID} .fs-stage--portrait{height:20rem;max-height:40vh}
#${FIRST_SCREEN_ID} .fs-head{padding:.5rem .6rem 0;display:flex;flex-direction:column}
#${FIRST_SCREEN_ID} .fs-title{font-size:.8rem;font-weight:600;color:#222}
#${FIRST_SCREEN_ID} .fs-topic{margin-top:.15rem;font-size:.6rem;color:#b34f00}`

/** The live room's first-screen markup: the player's box with the cover, title and topic; null for rooms that get none. */
export function liveFirstScreenHtml(store: Store, roomId: number, base: string): string | null {
  const room = store.doc<RoomDoc>('room', roomId)
  if (!room || room.test || room.password || room.is_premium) return null
  const topic = typeof room.topic === 'string' && room.topic ? `<span class="fs-topic">#${text(room.topic)}</span>` : ''
  const cover = background(room.cover, base)
  return (
    `<style>${LIVE_STYLE}</style>${cover?.preload ?? ''}` +
    `<div id="${FIRST_SCREEN_ID}" aria-hidden="true">${topBar(text(room.title))}<div class="fs-stage${room.orientation === 'portrait' ? ' fs-stage--portrait' : ''}"${cover?.style ?? ''}></div>` +
    `<div class="fs-head"><span class="fs-title">${text(room.title)}</span>${topic}</div></div>` +
    removeLater
  )
}

/**
 * The H5 top bar the room's page draws (src/components/top-bar: 首页, as the page is opened first, and the room's
 * title), so the stage does not drop by the bar's height when the app takes over; none in the messenger's browser,
 * which draws its own bar (hostDrawsBar: the user agent's MicroMessenger), removed before the first paint.
 */
function topBar(title: string): string {
  return (
    `<div class="fs-top"><span class="fs-top-home">⌂ 首页</span><span class="fs-top-title">${title}</span></div>` +
    `<script>/MicroMessenger/i.test(navigator.userAgent)&&document.currentScript.previousElementSibling.remove()</script>`
  )
}

const removeLater = `<script>setTimeout(function(){var e=document.getElementById('${FIRST_SCREEN_ID}');e&&e.remove()},${FIRST_SCREEN_TIMEOUT})</script>`

/** The first-screen markup for the current home data: navigation bar, first slide, menu. */
export function firstScreenHtml(store: Store, brand: string, base: string): string {
  const slide = store.docs<Doc>('slide')[0]
  const menu = store.docs<Doc>('menu')
  const slideImage = slide ? background(slide.image, base) : null
  const slideHtml = slideImage ? `<div class="fs-slide"${slideImage.style}></div>` : ''
  const item = (m: Doc) => {
    const icon = media(m.icon, base)
    return `<div class="fs-item">${icon ? `<img src="${icon}" alt="">` : ''}<span>${text(m.title)}</span></div>`
  }
  const menuHtml = menu.length ? `<div class="fs-menu">${menu.map(item).join('')}</div>` : ''
  return (
    `<style>${STYLE}</style>${slideImage?.preload ?? ''}` +
    `<div id="${FIRST_SCREEN_ID}" aria-hidden="true"><div class="fs-nav"><div class="fs-bar"><span class="fs-title">${escapeXml(brand)}</span>` +
    `<span class="fs-search">搜索直播、主播、视频</span></div></div>${slideHtml}${menuHtml}</div>` +
    removeLater
  )
}

/** index.html with the first screen `which` (firstScreenOf) placed before the app's root element; as it was if none. */
export function withFirstScreen(indexHtml: string, which: FirstScreen, store: Store, base: string): string {
  const at = indexHtml.indexOf('<div id="app">')
  if (at < 0) return indexHtml
  let layer: string | null
  if (which.page === 'home') {
    const brand = (indexHtml.match(/<title>([^<]*)<\/title>/) ?? ['', ''])[1]
    // the title is already HTML text: undo its entities before escaping it again
    const plain = brand
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&amp;/g, '&')
    layer = firstScreenHtml(store, plain, base)
  } else {
    layer = liveFirstScreenHtml(store, which.roomId, base)
  }
  return layer ? indexHtml.slice(0, at) + layer + indexHtml.slice(at) : indexHtml
}
