/**
 * Names the embedded web page for screen readers. Mini-program: `<web-view>` takes the page's own title into the
 * navigation bar, nothing to do (web-frame.h5.ts titles the H5 iframe).
 */
export function nameWebFrame(_title: string): () => void {
  return () => undefined
}
