/**
 * Brings an element of the page into view when it is below `visibleBottom` (px from the window's top: what the tab bar
 * leaves), by putting the element `topId` (one before it) at the page's top; one already in view stays where it is. On
 * the web the page is Taro's page element, which scrolls (not the window); the elements are on the page once the render
 * that drew them has committed.
 */
export function revealOnPage(id: string, topId: string, visibleBottom: number): void {
  const box = document.getElementById(id)?.getBoundingClientRect()
  const top = document.getElementById(topId)
  const page = top?.closest('.taro_page')
  if (!box || !top || !page || box.bottom <= visibleBottom) return
  page.scrollTop += top.getBoundingClientRect().top - page.getBoundingClientRect().top
}
