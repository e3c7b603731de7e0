import { waitFor } from './dom'

/**
 * jsdom has no layout: Taro's <Swiper> hands Swiper.js a 0×0 container, Swiper keeps no slides, and a `circular`
 * swiper (loop mode) reports "Swiper Loop Warning: The number of slides is not enough for loop mode" on
 * console.warn as it starts. A test that mounts a page with circular swipers (home) expects exactly that: call this
 * before the mount, and `settled()` before unmounting: it waits until every swiper on the page has started, then
 * checks that they warned and that nothing else did.
 */
export function expectSwiperLoopWarnings(): { settled(): Promise<void> } {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  return {
    async settled() {
      try {
        const containers = () => Array.from(document.querySelectorAll('taro-swiper-core .swiper-container'))
        await waitFor(() => containers().length > 0 && containers().every((el) => 'swiper' in el))
        const messages = warn.mock.calls.map((args) => String(args[0]))
        expect(messages.length).toBeGreaterThan(0)
        for (const m of messages)
          expect(m).toMatch(/^Swiper Loop Warning: The number of slides is not enough for loop mode/)
      } finally {
        warn.mockRestore()
      }
    }
  }
}
