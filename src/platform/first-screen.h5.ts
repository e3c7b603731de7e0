import type { FirstScreenId } from '../../contract/first-screen'

const FIRST_SCREEN_ID: FirstScreenId = 'first-screen'

/**
 * H5: the first screen the reference server pre-renders into index.html for home and for a live room (`#first-screen`,
 * server/views/first-screen.ts): a layer over the app, so a first visit shows it (and starts its images' download)
 * before any script has run. The page removes it (src/hooks/use-first-screen.ts) once its own first screen, its error
 * or its form is up, or when it is left. Two frames later, so the page's own first screen (its images already in the
 * cache) has painted under it.
 */
export function hideFirstScreen(): void {
  const layer = document.getElementById(FIRST_SCREEN_ID)
  if (!layer) return
  requestAnimationFrame(() => requestAnimationFrame(() => layer.remove()))
}
