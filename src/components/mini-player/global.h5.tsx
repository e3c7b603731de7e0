import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
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
 * page (which has its own controls). Drawn in the document's body, not beside the pages: Taro's router shows a page
 * that is not a tab only while it is its container's last child (`:not(:last-child)` hides it), so a bar after the
 * pages left every such page blank while something played.
 */
export const GlobalMiniPlayer = observer(function GlobalMiniPlayer() {
  const [path, setPath] = useState(currentPath)
  useEffect(() => onRouteChange(() => setPath(currentPath())), [])
  const key = path === '/' ? 'home' : pageKeyOfPath(path)
  if (isTabKey(key) || key === 'watch') return null
  return createPortal(<MiniPlayerSlot />, document.body)
})
