/**
 * Mini-program: the like button's taps are shown a frame at a time (like-button.tsx): every tap in a frame of this
 * many ms, its hearts and the count, reach the view in one setData, and the hearts that have floated away leave in
 * the same frames. A tap shown at once cost two setData (its heart, and the heart's going), and a quick run of taps
 * went past WeChat's 20 calls a second. H5 (tap-frame.h5.ts): at once.
 */
export const LIKE_FRAME_MS = 250
