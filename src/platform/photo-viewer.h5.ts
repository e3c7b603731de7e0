import { history } from '@tarojs/router'
import type { PhotoViewerOptions } from './photo-viewer'

export type { PhotoViewerOptions } from './photo-viewer'

/** The router's Back (history's Action.Pop, which the app does not depend on by name). */
type RouteAction = Parameters<Parameters<typeof history.block>[0]>[0]['action']
const BACK = 'POP' as RouteAction

/**
 * H5: the full-screen photo viewer, in place of Taro's `previewImage` (a swiper of unnamed images that only a tap
 * closes: a screen reader heard nothing it could name, and the phone's Back left the album). Decisions:
 * - A dialog (`role=dialog`, `aria-modal`) named 图片预览, focus on its 关闭 button while open and back on the thumbnail
 *   after; each picture keeps its thumbnail's text; a polite live counter says 2 / 9 as the viewer swipes.
 * - Swiping is the browser's own (a horizontal strip with scroll snapping, iOS 11 and up); on a keyboard ←/→ move, Tab
 *   goes between the pictures and 关闭 and Esc closes; a tap on the picture closes, as WeChat's viewer does.
 * - Back closes it and keeps the page as it was (no page is loaded again); a route the app starts closes it and goes
 *   on.
 * - Only the picture in view and its neighbours load at once (`loading=lazy` on the others).
 */
export function openPhotoViewer({ urls, current, alts }: PhotoViewerOptions): void {
  if (!urls.length || typeof document === 'undefined') return
  let index = Math.min(Math.max(current, 0), urls.length - 1)
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null

  const dialog = document.createElement('div')
  dialog.className = 'photo-viewer'
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-label', '图片预览')
  dialog.style.cssText =
    'position:fixed;top:0;left:0;right:0;bottom:0;z-index:1050;background:#000;display:flex;flex-direction:column;'

  const strip = document.createElement('div')
  strip.className = 'photo-viewer__strip'
  // a region that scrolls takes the focus (its ←/→ move), named for what it holds
  strip.tabIndex = 0
  strip.setAttribute('role', 'group')
  strip.setAttribute('aria-label', '图片，左右滑动切换')
  strip.style.cssText =
    'flex:1;display:flex;overflow-x:auto;overflow-y:hidden;scroll-snap-type:x mandatory;-webkit-overflow-scrolling:touch;scrollbar-width:none;'
  urls.forEach((url, i) => {
    const item = document.createElement('div')
    item.className = 'photo-viewer__item'
    item.style.cssText =
      'flex:0 0 100%;width:100%;display:flex;align-items:center;justify-content:center;scroll-snap-align:center;'
    const img = document.createElement('img')
    img.className = 'photo-viewer__img'
    img.alt = alts[i] || `图片 ${i + 1}`
    if (Math.abs(i - index) > 1) img.setAttribute('loading', 'lazy')
    img.decoding = 'async'
    img.src = url
    img.style.cssText = 'max-width:100%;max-height:100%;object-fit:contain;'
    img.addEventListener('click', () => close())
    item.appendChild(img)
    strip.appendChild(item)
  })

  // white on black: 21:1; the close button's focus ring in the theme's orange
  const count = document.createElement('p')
  count.className = 'photo-viewer__count'
  count.setAttribute('aria-live', 'polite')
  count.style.cssText =
    'position:absolute;left:0;right:0;bottom:24px;margin:0;text-align:center;color:#fff;font-size:15px;pointer-events:none;'

  const closeButton = document.createElement('button')
  closeButton.type = 'button'
  closeButton.className = 'photo-viewer__close'
  closeButton.textContent = '关闭'
  closeButton.style.cssText =
    'position:absolute;top:12px;right:12px;min-width:44px;min-height:44px;padding:0 12px;border:0;border-radius:22px;background:rgba(255,255,255,0.2);color:#fff;font-size:15px;outline-color:#ff8300;'
  closeButton.addEventListener('click', () => close())

  dialog.append(strip, count, closeButton)

  const show = (i: number) => {
    index = i
    count.textContent = `${i + 1} / ${urls.length}`
  }
  const go = (i: number) => {
    const to = Math.min(Math.max(i, 0), urls.length - 1)
    strip.scrollLeft = to * strip.clientWidth
    show(to)
  }
  strip.addEventListener(
    'scroll',
    () => {
      const width = strip.clientWidth
      if (width) {
        const i = Math.round(strip.scrollLeft / width)
        if (i !== index) show(i)
      }
    },
    { passive: true }
  )
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close()
    else if (e.key === 'ArrowRight') go(index + 1)
    else if (e.key === 'ArrowLeft') go(index - 1)
    else if (e.key === 'Tab') {
      // the focus stays in the dialog: the pictures and 关闭, one then the other
      ;(document.activeElement === closeButton ? strip : closeButton).focus()
    } else return
    e.preventDefault()
  })

  // Back closes the viewer and keeps the page: the viewer has a history entry of its own (the page's URL and state
  // again, pushed past the app's router), and while it is open the router is blocked, so the Back that pops that entry
  // is not taken for a route (history v5 ignores a pop to its own index while blocked); a route the app starts then
  // closes the viewer (its entry gone) and goes on. While blocked, history v5 also asks the browser to confirm any
  // unload (its own `beforeunload` listener), so a reload with the viewer open asked 离开此网站?: a picture has nothing
  // to lose, so the viewer's own listener, added before the block's and so called first, stops that event while open.
  let open = true
  let then: (() => void) | null = null
  const router = history as typeof history | undefined // (no router under a component test)
  const unloadFreely = (e: Event) => e.stopImmediatePropagation()
  window.addEventListener('beforeunload', unloadFreely, true)
  const unblockRouter = router
    ? router.block((tx) => {
        if (tx.action === BACK) return
        then = () => tx.retry()
        close()
      })
    : () => undefined
  const unblock = () => {
    unblockRouter()
    window.removeEventListener('beforeunload', unloadFreely, true)
  }
  window.history.pushState(window.history.state, '')
  const popped = () => {
    window.removeEventListener('popstate', popped)
    takeDown()
    unblock()
    const next = then
    then = null
    next?.()
  }
  window.addEventListener('popstate', popped)
  function takeDown() {
    if (!open) return
    open = false
    dialog.remove()
    if (before && document.contains(before)) before.focus()
  }
  /** 关闭, Esc or a tap on the picture: the viewer goes, then its entry (`popped` ends it). */
  function close() {
    takeDown()
    window.history.back()
  }

  document.body.appendChild(dialog)
  go(index)
  closeButton.focus()
}
