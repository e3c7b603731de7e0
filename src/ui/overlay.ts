import Taro from '@tarojs/taro'
import { onRouteChange } from '@/platform/route-change'
import { dismissModal, presentModal, type PageLike } from './modal'
import type { ModalView } from './modal-layer'
import { ParameterError, buttonTextError, colourError, requireStrings, typeError } from '@/utils/params'

/**
 * The project's overlays: modal, toast and loading (spec R4.49, R5.18–R5.21, R8.18, R8.19, R8.21, R9.17–R9.19).
 * Every screen goes through these helpers, never Taro.showModal / showToast / showLoading directly: they check
 * their parameters themselves on both targets (WeChat's wx.* do not), fill the spec's defaults, and hide whatever
 * an earlier page left up when the route changes.
 */

/** Default labels of spec R8.21. */
export const LABELS = { cancel: '取消', confirm: '确定', loading: '加载中' } as const

/** Default modal colours (R9.18): black for cancel, green for confirm (WeChat's classic green; its current default is grey-blue). */
export const MODAL_COLORS = { cancel: '#000000', confirm: '#3CC51F' } as const

/** Generic toast duration, the navigation layer's and the share toast's (spec R9.17). */
export const TOAST_DURATION = 1500
export const NAV_TOAST_DURATION = 2000
export const SHARE_TOAST_DURATION = 3000

export type ModalOptions = Partial<ModalView>
export type ToastOptions = Partial<Pick<Taro.showToast.Option, 'icon' | 'image' | 'duration' | 'mask'>>

export interface ModalResult {
  confirm: boolean
  cancel: boolean
  errMsg: string
}

/** What is up, and the page that put it up: a route change hides only what another page left (R4.49). */
let toast: { owner: string | undefined; kind: 'toast' | 'loading' } | null = null
let modal: { owner: string | undefined; token: object } | null = null

function topPage(): PageLike | undefined {
  try {
    const pages = (Taro.getCurrentPages?.() || []) as PageLike[]
    return pages[pages.length - 1]
  } catch {
    return undefined
  }
}

/** Which open page this is: Taro gives each one a unique $taroPath (H5 hands out copies of its page objects). */
function pageKey(page: PageLike | undefined): string | undefined {
  return page?.$taroPath
}

/** Options left undefined take the default, as in WeChat. */
function defined<T extends object>(options: T): Partial<T> {
  const out: Partial<T> = {}
  for (const key of Object.keys(options) as (keyof T)[]) if (options[key] !== undefined) out[key] = options[key]
  return out
}

/** Runs a hide call whose failure (nothing to hide) does not matter, whether it returns a promise or not. */
function quietly(call: () => unknown) {
  try {
    const p = call() as Promise<unknown> | undefined
    if (p && typeof p.catch === 'function') p.catch(() => undefined)
  } catch {
    // nothing to hide
  }
}

function modalError(view: ModalView): ParameterError | null {
  const m = 'showModal'
  const v = view as unknown as Record<string, unknown>
  return (
    requireStrings(m, v, ['title', 'content', 'cancelText']) ??
    buttonTextError(m, 'cancelText', view.cancelText) ??
    requireStrings(m, v, ['confirmText']) ??
    buttonTextError(m, 'confirmText', view.confirmText) ??
    requireStrings(m, v, ['cancelColor', 'confirmColor']) ??
    colourError(m, 'cancelColor', view.cancelColor) ??
    colourError(m, 'confirmColor', view.confirmColor)
  )
}

/**
 * A modal with 取消 / 确定 in black and green. Resolves `{confirm, cancel, errMsg: 'showModal:ok'}`; invalid
 * parameters reject with `showModal:fail parameter error: …` (R5.19, R5.20, R8.18, R8.19) and show nothing.
 */
export async function showModal(options: ModalOptions): Promise<ModalResult> {
  const view: ModalView = {
    title: '',
    content: '',
    showCancel: true,
    cancelText: LABELS.cancel,
    cancelColor: MODAL_COLORS.cancel,
    confirmText: LABELS.confirm,
    confirmColor: MODAL_COLORS.confirm,
    ...defined(options)
  }
  const error = modalError(view)
  if (error) throw error
  view.showCancel = !!view.showCancel
  const token = {}
  const page = topPage()
  modal = { owner: pageKey(page), token }
  try {
    const choice = await presentModal(view, page)
    return { confirm: choice === 'confirm', cancel: choice === 'cancel', errMsg: 'showModal:ok' }
  } finally {
    if (modal?.token === token) modal = null
  }
}

/** A toast: no icon, 1500 ms unless told (R9.17). The title must be a string and the duration a number (R5.21). */
export function showToast(title: string, options: ToastOptions = {}) {
  const o = { title, icon: 'none' as const, duration: TOAST_DURATION, ...defined(options) }
  const error =
    requireStrings('showToast', o, ['title']) ??
    (typeof o.duration === 'number' ? null : typeError('showToast', 'duration', 'Number', o.duration))
  if (error) return Promise.reject(error)
  toast = { owner: pageKey(topPage()), kind: 'toast' }
  return Taro.showToast(o)
}

/** The navigation layer's toast: 2000 ms with no icon (R9.17). */
export function navToast(title: string) {
  return showToast(title, { icon: 'none', duration: NAV_TOAST_DURATION })
}

/** The share toast: 3 seconds (R9.17). */
export function shareToast(title: string) {
  return showToast(title, { icon: 'none', duration: SHARE_TOAST_DURATION })
}

/** The loading overlay, 加载中 by default (R8.21), with a mask. */
export function showLoading(title: string = LABELS.loading) {
  const error = requireStrings('showLoading', { title }, ['title'])
  if (error) return Promise.reject(error)
  toast = { owner: pageKey(topPage()), kind: 'loading' }
  return Taro.showLoading({ title, mask: true })
}

/** Hides the loading overlay only: a toast shown since (e.g. a failure message) stays. */
export function hideLoading() {
  if (toast?.kind === 'loading') toast = null
  quietly(() => Taro.hideLoading({ noConflict: true }))
}

/** Hides the toast, the loading overlay and the modal (the modal's caller sees a cancel). */
export function hideAllOverlays() {
  toast = null
  quietly(() => Taro.hideToast())
  quietly(() => Taro.hideLoading())
  modal = null
  dismissModal()
}

/**
 * Every overlay is hidden on a page route change (spec R4.49), on both targets and whatever caused it (the
 * navigation helpers, the tab bar, the system or browser back): what another page left up is hidden once the new
 * page shows; what the new page itself has just shown stays. Called once by the app; returns the unsubscribe.
 */
export function watchRouteChanges(): () => void {
  return onRouteChange(() => {
    const page = pageKey(topPage())
    if (toast && toast.owner !== page) {
      toast = null
      quietly(() => Taro.hideToast())
      quietly(() => Taro.hideLoading())
    }
    if (modal && modal.owner !== page) {
      modal = null
      dismissModal()
    }
  })
}

/** The wait after hiding the loading overlay before the follow-up, and before a notify toast's callback (R9.19). */
export const FOLLOW_UP_DELAY = 500

/** Hide the loading overlay, then run the follow-up 500 ms later (so the two never flash on top of each other). */
export function hideLoadingThen<T>(next?: () => T): Promise<T | undefined> {
  hideLoading()
  return new Promise((resolve) => setTimeout(() => resolve(next?.()), FOLLOW_UP_DELAY))
}

/** A toast whose callback runs 500 ms after it shows (e.g. navigate back after 保存成功). */
export function notifyToast(title: string, callback?: () => void) {
  void showToast(title)
  setTimeout(() => callback?.(), FOLLOW_UP_DELAY)
}
