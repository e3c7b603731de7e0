/** H5: the browser's own WHATWG URL parser. */
export const WhatwgURL: typeof URL = URL

/** The browser's parser is always here. */
export function whatwgURLLoaded(): boolean {
  return true
}

export function loadWhatwgURL(): Promise<void> {
  return Promise.resolve()
}
