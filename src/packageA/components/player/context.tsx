import { createContext, useContext, type ReactNode } from 'react'

/** What the parts drawn over the video (danmaku, the room's full-screen bar) learn from the player they are in. */
export interface PlayerView {
  /** the player fills the screen (the Fullscreen API, the page's own full-screen layer, or WeChat's) */
  fullscreen: boolean
}

export const PlayerContext = createContext<PlayerView>({ fullscreen: false })

export function usePlayerView(): PlayerView {
  return useContext(PlayerContext)
}

/** Children shown only while the player is in full screen (the like button and send box of a live room). */
export function FullscreenOnly({ children }: { children: ReactNode }) {
  return usePlayerView().fullscreen ? <>{children}</> : null
}
