// Taro's H5 toast, loading overlay, modal and action sheet (`@tarojs/taro-h5`'s ui/interaction: the three views, their
// styles and icon font, about 7 KB gzip) are drawn only when a viewer is first told something, never on a first screen.
// The H5 build links this module in their place (config/index.ts): the same functions, which load the originals on
// their first call and then hand every call to them. Calls keep their order (each waits on the one load, and promise
// callbacks run in the order they were registered); hiding what was never shown loads nothing.
let loaded = null
function load() {
  if (!loaded) loaded = import('@tarojs/taro-h5/dist/api/ui/interaction/index.js?original')
  return loaded
}

function shown(name) {
  return (...args) => load().then((api) => api[name](...args))
}

function hidden(name) {
  return (...args) => (loaded ? loaded.then((api) => api[name](...args)) : Promise.resolve({ errMsg: `${name}:ok` }))
}

export const showToast = shown('showToast')
export const showLoading = shown('showLoading')
export const showModal = shown('showModal')
export const showActionSheet = shown('showActionSheet')
export const enableAlertBeforeUnload = shown('enableAlertBeforeUnload')
export const hideToast = hidden('hideToast')
export const hideLoading = hidden('hideLoading')
export const disableAlertBeforeUnload = hidden('disableAlertBeforeUnload')
