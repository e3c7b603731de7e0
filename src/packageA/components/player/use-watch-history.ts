import { useEffect, useRef } from 'react'
import { watchHistory, type Watching } from '@/stores/watch-history'
import type { PlayerProps } from './play-state'

/**
 * 观看历史: an on-demand video that starts playing becomes the newest entry of the device's history, with the title
 * and poster it plays under, once per video; its progress follows the resume positions (resume.ts).
 */
export function useWatchHistory(
  playing: boolean,
  { resumeId, title, poster, history }: Pick<PlayerProps, 'resumeId' | 'title' | 'poster' | 'history'>
) {
  const noted = useRef('')
  useEffect(() => {
    if (!playing || !resumeId || !history || noted.current === resumeId) return
    noted.current = resumeId
    const item: Watching = { id: resumeId, title: title || '', cover: poster || '', ...history }
    watchHistory.watched(item)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per video as it first plays; its title and poster are those of that moment
  }, [playing, resumeId])
}
