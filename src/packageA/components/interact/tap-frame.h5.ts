/** H5: each like tap is shown at once (a render costs no bridge call); tap-frame.ts is the mini-program's. */
export const LIKE_FRAME_MS = 0
