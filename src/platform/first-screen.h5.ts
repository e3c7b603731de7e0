/**
 * H5: the home page's first screen that the reference server pre-renders into index.html (`#first-screen`,
 * server/first-screen.ts; issue 14). It is a layer over the app with the navigation bar, the first slide and the menu,
 * so a first visit shows them (and starts the slide's download) before any script has run. The home page removes it
 * once its own first screen is on the page, or its error, or when it is left. Two frames later, so the page's own
 * first screen (its images already in the cache) has painted under it.
 */
export function hideFirstScreen(): void {
  const layer = document.getElementById('first-screen')
  if (!layer) return
  requestAnimationFrame(() => requestAnimationFrame(() => layer.remove()))
}
