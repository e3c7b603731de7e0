/** H5: the browser's own WHATWG URL parser. */
export const WhatwgURL: typeof URL = URL
