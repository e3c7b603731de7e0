import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { onRouteChange } from '@/platform/route-change'
import { pathUnderBasename } from '@/platform/basename'
import { isTabKey, pageKeyOfPath } from '@/router/pages'
import { MiniPlayerSlot } from './slot'

/** The page's path under the router's /m2 basename. */
function currentPath(): string {
  return typeof location === 'undefined' ? '' : pathUnderBasename(location.pathname) || '/'
}

/**
 * H5: the mini player bar over every page but the tab pages (their tab bar draws it above itself) and the 视听 player
 * page (which has its own controls).
 */
export const GlobalMiniPlayer = observer(function GlobalMiniPlayer() {
  const [path, setPath] = useState(currentPath)
  useEffect(() => onRouteChange(() => setPath(currentPath())), [])
  const key = path === '/' ? 'home' : pageKeyOfPath(path)
  if (isTabKey(key) || key === 'watch') return null
  return <MiniPlayerSlot />
})
