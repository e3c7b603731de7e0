import Taro from '@tarojs/taro'

/** Default labels of spec R8.21. */
export const LABELS = { cancel: '取消', confirm: '确定', loading: '加载中' } as const

/** Generic toast duration and the navigation layer's (spec R9.17). */
export const TOAST_DURATION = 1500
export const NAV_TOAST_DURATION = 2000

export function showModal(options: Taro.showModal.Option) {
  return Taro.showModal({ cancelText: LABELS.cancel, confirmText: LABELS.confirm, ...options })
}

export function showLoading(title: string = LABELS.loading) {
  return Taro.showLoading({ title, mask: true })
}

export function showToast(title: string, options: Partial<Taro.showToast.Option> = {}) {
  return Taro.showToast({ title, icon: 'none', duration: TOAST_DURATION, ...options })
}

/** The navigation layer's toast: 2000 ms with no icon. */
export function navToast(title: string) {
  return Taro.showToast({ title, icon: 'none', duration: NAV_TOAST_DURATION })
}

/**
 * Every overlay is hidden on a page route change (spec R4.49). Taro's H5 runtime already does it on its own route
 * event; navigation through src/router/navigate.ts calls this first so the mini-program behaves the same.
 */
export function hideAllOverlays() {
  Taro.hideToast({ fail: () => undefined })
  Taro.hideLoading({ fail: () => undefined })
}

/** The wait after hiding the loading overlay before the follow-up, and before a notify toast's callback (R9.19). */
export const FOLLOW_UP_DELAY = 500

/** Hide the loading overlay, then run the follow-up 500 ms later (so the two never flash on top of each other). */
export function hideLoadingThen<T>(next?: () => T): Promise<T | undefined> {
  Taro.hideLoading({ fail: () => undefined })
  return new Promise((resolve) => setTimeout(() => resolve(next?.()), FOLLOW_UP_DELAY))
}

/** A toast whose callback runs 500 ms after it shows (e.g. navigate back after 保存成功). */
export function notifyToast(title: string, callback?: () => void) {
  showToast(title)
  setTimeout(() => callback?.(), FOLLOW_UP_DELAY)
}
