/**
 * Full screen on the web (used by use-fullscreen.h5.ts only): the Fullscreen API on the player's box, so the flying
 * danmaku and the room's full-screen bar come along (the video element's own full screen would leave them behind), with
 * WebKit's prefixed names for Safari on iPad. A landscape video asks the screen to turn (screen.orientation.lock,
 * allowed on phones in full screen); where there is no Fullscreen API (Safari on iPhone) the page draws its own
 * full-screen layer instead (the player's `--page-full` class), and where the screen does not turn the layer is
 * rotated (`--rotated`).
 */
type FsElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void }
type FsDocument = Document & {
  webkitFullscreenElement?: Element | null
  webkitExitFullscreen?: () => Promise<void> | void
}
type LockableOrientation = ScreenOrientation & { lock?: (o: string) => Promise<void>; unlock?: () => void }

export function fullscreenElement(): Element | null {
  const d = document as FsDocument
  return d.fullscreenElement ?? d.webkitFullscreenElement ?? null
}

export function hasFullscreenApi(el: HTMLElement): boolean {
  const e = el as FsElement
  return typeof e.requestFullscreen === 'function' || typeof e.webkitRequestFullscreen === 'function'
}

/** Enters the Fullscreen API's full screen; false when the browser has none or refuses. */
export async function requestFullscreen(el: HTMLElement): Promise<boolean> {
  const e = el as FsElement
  try {
    if (typeof e.requestFullscreen === 'function') await e.requestFullscreen({ navigationUI: 'hide' })
    else if (typeof e.webkitRequestFullscreen === 'function') await e.webkitRequestFullscreen()
    else return false
    return true
  } catch {
    return false
  }
}

export async function exitFullscreen(): Promise<void> {
  const d = document as FsDocument
  if (!fullscreenElement()) return
  try {
    if (typeof d.exitFullscreen === 'function') await d.exitFullscreen()
    else if (typeof d.webkitExitFullscreen === 'function') await d.webkitExitFullscreen()
  } catch {
    // already left
  }
}

export function onFullscreenChange(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener)
  document.addEventListener('webkitfullscreenchange', listener)
  return () => {
    document.removeEventListener('fullscreenchange', listener)
    document.removeEventListener('webkitfullscreenchange', listener)
  }
}

/** Asks the screen to turn to landscape; false where it may not (desktop browsers, iOS). */
export async function lockLandscape(): Promise<boolean> {
  const o: LockableOrientation | undefined = typeof screen !== 'undefined' ? screen.orientation : undefined
  if (!o || typeof o.lock !== 'function') return false
  try {
    await o.lock('landscape')
    return true
  } catch {
    return false
  }
}

export function unlockOrientation(): void {
  const o: LockableOrientation | undefined = typeof screen !== 'undefined' ? screen.orientation : undefined
  try {
    o?.unlock?.()
  } catch {
    // nothing was locked
  }
}

/** The window is taller than wide: a landscape video in full screen is turned by the page. */
export function portraitWindow(): boolean {
  return typeof window !== 'undefined' && window.innerHeight > window.innerWidth
}
