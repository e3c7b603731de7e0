import Taro from '@tarojs/taro'

/**
 * Brings an element of the page into view when it is below `visibleBottom` (px from the window's top: what the tab bar
 * leaves), by putting the element `topId` (one before it) at the page's top; one already in view stays where it is.
 * In the mini-program the element is measured with a selector query, which runs after the render's setData, and the
 * page scrolled by WeChat's pageScrollTo, whose selector takes an id or a class, never an attribute.
 */
export function revealOnPage(id: string, topId: string, visibleBottom: number): void {
  Taro.createSelectorQuery()
    .select(`#${id}`)
    .boundingClientRect()
    .exec(([box]: [{ bottom: number } | null]) => {
      if (!box || box.bottom <= visibleBottom) return
      void Taro.pageScrollTo({ selector: `#${topId}`, duration: 0 })
    })
}
