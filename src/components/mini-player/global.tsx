/**
 * Mini-program: the app draws nothing outside its pages; the mini player bar is in the tab bar (src/components/tab-bar)
 * and WeChat shows its own control of background audio elsewhere. global.h5.tsx is the web's app-wide bar.
 */
export function GlobalMiniPlayer() {
  return null
}
