/**
 * H5: Taro's `<WebView>` draws an `<iframe>` without a title, a frame screen readers cannot name; this titles it
 * (and gives the document a title when the page config leaves it empty). The iframe appears after the web component
 * renders, so it is looked for on each animation frame for a while. Returns the cancel.
 */
export function nameWebFrame(title: string): () => void {
  let frames = 0
  let handle = 0
  const tick = () => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe.taro-webview:not([title])')
    if (frame) {
      frame.title = title
      if (!document.title) document.title = title
      return
    }
    if (++frames < 300) handle = requestAnimationFrame(tick)
  }
  handle = requestAnimationFrame(tick)
  return () => cancelAnimationFrame(handle)
}
