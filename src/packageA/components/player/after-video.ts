/**
 * Mini-program: the video is a native component whose start does not run on the page's thread, so what the live room
 * draws below it renders with the room (H5 waits for the first frame: after-video.h5.ts).
 */
export function useAfterVideo(ready: boolean, _videoFirst: boolean): boolean {
  return ready
}
