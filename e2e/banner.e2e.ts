// Home's banner and notices in Chromium, on the H5 build and the reference server's four slides and three notices
// (src/components/banner/index.h5.tsx, src/components/ticker): the CSS scroll-snap track turns one slide each 5 s,
// round from the last to the first without end, waits while the mouse is over it and while the page is hidden, and
// stands still for prefers-reduced-motion; a swipe back past the first slide lands on the last; the notices move up
// one each 4 s. The page's clock is Playwright's: time runs as usual and the tests skip ahead over the waits.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { HOME_READY, suite } from './harness'

const s = suite()
const SLIDES = 4

async function openHome(
  options: Parameters<typeof s.browser.newContext>[0] = {}
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await s.browser.newContext({ viewport: { width: 375, height: 812 }, ...options })
  const page = await context.newPage()
  // where the track was at each end of a move (scrollend), seen before the banner's own listener settles it
  await page.addInitScript(() => {
    const w = window as unknown as { __bannerEnds: number[] }
    w.__bannerEnds = []
    window.addEventListener(
      'scrollend',
      (e) => {
        const track = e.target as HTMLElement
        if (track.classList?.contains('banner__track')) w.__bannerEnds.push(track.scrollLeft / track.clientWidth)
      },
      { capture: true }
    )
  })
  await page.clock.install()
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  await page.waitForSelector(HOME_READY)
  await page.waitForSelector('.home__notice-ticker')
  await restsOn(page, 0, 1)
  return { page, context }
}

/** Where the track rests (slides from its start, copies included) and which dot is current. */
function banner(page: Page): Promise<{ position: number; dot: number; live: string | null }> {
  return page.evaluate(() => {
    const track = document.querySelector<HTMLElement>('.banner__track')!
    const dots = Array.from(document.querySelectorAll('.banner__dot'))
    return {
      position: track.scrollLeft / track.clientWidth,
      dot: dots.findIndex((d) => d.classList.contains('banner__dot--active')),
      live: track.getAttribute('aria-live')
    }
  })
}

/**
 * Waits (in real time) until the banner rests on slide `dot`, in view at `position`: its last move ended there (the
 * banner counts the next 5 s from that `scrollend`, which a loaded machine delivers well after the scroll arrives).
 */
async function restsOn(page: Page, dot: number, position: number) {
  await page.waitForFunction(
    ([dot, position]) => {
      const track = document.querySelector<HTMLElement>('.banner__track')!
      const dots = Array.from(document.querySelectorAll('.banner__dot'))
      const ends = (window as unknown as { __bannerEnds: number[] }).__bannerEnds
      return (
        dots[dot]?.classList.contains('banner__dot--active') &&
        Math.abs(track.scrollLeft - position * track.clientWidth) < 1 &&
        Math.abs(ends[ends.length - 1] - position) < 0.01
      )
    },
    [dot, position] as const,
    { timeout: 5000 }
  )
}

/** The current dot's drawn width over the widest of the others: told by its shape, not its colour alone. */
function currentDotWider(page: Page): Promise<number> {
  return page.evaluate(() => {
    // (no named function in here: tsx would wrap it in a helper the page does not have)
    const widths = Array.from(document.querySelectorAll('.banner__dot')).map((d) => ({
      current: d.classList.contains('banner__dot--active'),
      width: d.getBoundingClientRect().width
    }))
    const current = widths.find((d) => d.current)
    return current ? current.width / Math.max(...widths.filter((d) => !d.current).map((d) => d.width)) : 0
  })
}

test('R2.42 the banner turns one slide each 5 s, from the last round to the first, with a copy at each end; the current dot is twice as wide as the others', async () => {
  const { page, context } = await openHome()
  assert.equal(await page.locator('.banner__slide:not(.banner__slide--copy)').count(), SLIDES)
  assert.equal(await page.locator('.banner__slide--copy').count(), 2)
  assert.deepEqual(await banner(page), { position: 1, dot: 0, live: 'off' })
  const first = await currentDotWider(page)
  assert.ok(Math.abs(first - 2) < 0.1, `the current dot ${first}x`)
  for (let i = 1; i <= SLIDES; i++) {
    await page.clock.fastForward(5200)
    // slides 2, 3, 4, then the copy of the first, from which the track jumps back to the first
    await restsOn(page, i % SLIDES, (i % SLIDES) + 1)
    const wider = await currentDotWider(page)
    assert.ok(Math.abs(wider - 2) < 0.1, `slide ${i % SLIDES}: ${wider}x`)
  }
  // and on again
  await page.clock.fastForward(5200)
  await restsOn(page, 1, 2)
  await context.close()
})

test('R2.42 on screens where the design’s margins give a fractional width, the slide in view fills the banner edge to edge, no sliver of its neighbours', async () => {
  // 390 and 412 px wide: the banner's rem margins come to 12.47 and 13.17 px, and Chromium scrolls by whole pixels
  for (const width of [390, 412]) {
    const { page, context } = await openHome({ viewport: { width, height: 844 }, deviceScaleFactor: 2 })
    // each slide's edges from the track's left edge, and the track's width
    const edges = () =>
      page.evaluate(() => {
        const track = document.querySelector<HTMLElement>('.banner__track')!.getBoundingClientRect()
        const slides = Array.from(document.querySelectorAll('.banner__slide')).map((el) => {
          const r = el.getBoundingClientRect()
          return [r.left - track.left, r.right - track.left]
        })
        return { width: track.width, slides }
      })
    for (const position of [1, 2]) {
      if (position === 2) {
        await page.clock.fastForward(5200)
        await restsOn(page, 1, 2)
      }
      const { width: w, slides } = await edges()
      const [left, right] = slides[position]
      const where = `${width} px wide, slide ${position}: ${left} to ${right} of ${w}`
      assert.ok(Math.abs(left) < 0.01 && Math.abs(right - w) < 0.01, where)
      assert.ok(slides[position - 1][1] < 0.01 && slides[position + 1][0] > w - 0.01, where)
    }
    await context.close()
  }
})

test('a swipe back past the first slide lands on the last; the mouse over the banner holds it', async () => {
  const { page, context } = await openHome()
  // a swipe is a scroll of the track: onto the copy of the last slide, which is the last slide
  await page.evaluate(() => document.querySelector('.banner__track')!.scrollTo({ left: 0 }))
  await restsOn(page, SLIDES - 1, SLIDES)
  await page.hover('.banner')
  await page.clock.fastForward(12000)
  // a pause that is the behaviour: the fast-forwarded time would have moved the banner within it (a real scroll)
  await page.waitForTimeout(700)
  assert.deepEqual(await banner(page), { position: SLIDES, dot: SLIDES - 1, live: 'off' })
  await page.mouse.move(200, 700)
  await page.clock.fastForward(5200)
  await restsOn(page, 0, 1)
  await context.close()
})

test('the banner and the notices wait while the page is hidden', async () => {
  const { page, context } = await openHome()
  const visibility = (state: 'hidden' | 'visible') =>
    page.evaluate((state) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: state })
      Object.defineProperty(document, 'hidden', { configurable: true, value: state === 'hidden' })
      window.dispatchEvent(new Event('visibilitychange'))
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  const notice = () => page.locator('.home__notice-ticker .ticker__list').getAttribute('style')
  const noticeBefore = await notice()
  await visibility('hidden')
  await page.clock.fastForward(12000)
  // a pause that is the behaviour: the fast-forwarded time would have moved the banner within it (a real scroll)
  await page.waitForTimeout(700)
  assert.deepEqual(await banner(page), { position: 1, dot: 0, live: 'off' })
  assert.equal(await notice(), noticeBefore)
  await visibility('visible')
  await page.clock.fastForward(5200)
  await restsOn(page, 1, 2)
  assert.notEqual(await notice(), noticeBefore)
  await context.close()
})

test('R9.15 with reduced motion the banner stands still and announces its slides; the notices change without moving', async () => {
  const { page, context } = await openHome({ reducedMotion: 'reduce' })
  await page.clock.fastForward(21000)
  // a pause that is the behaviour: the fast-forwarded time would have moved the banner within it (a real scroll)
  await page.waitForTimeout(700)
  assert.deepEqual(await banner(page), { position: 1, dot: 0, live: 'polite' })
  const list = page.locator('.home__notice-ticker .ticker__list')
  assert.match((await list.getAttribute('style')) ?? '', /transition: none/)
  assert.doesNotMatch((await list.getAttribute('style')) ?? '', /translateY\(-?0%\)/)
  await context.close()
})

test('the notices move up one each 4 s and go round', async () => {
  const { page, context } = await openHome()
  const shown = () =>
    page.evaluate(() => {
      const box = document.querySelector('.home__notice-ticker')!.getBoundingClientRect()
      const items = Array.from(document.querySelectorAll<HTMLElement>('.home__notice-ticker .ticker__item'))
      return items.findIndex((i) => Math.abs(i.getBoundingClientRect().top - box.top) < 1)
    })
  assert.equal(await page.locator('.home__notice-ticker .ticker__item').count(), 4, 'three notices and a copy')
  assert.equal(await shown(), 0)
  for (const next of [1, 2, 0]) {
    await page.clock.fastForward(4100)
    await page.waitForFunction(
      (next) => {
        const box = document.querySelector('.home__notice-ticker')!.getBoundingClientRect()
        const items = Array.from(document.querySelectorAll<HTMLElement>('.home__notice-ticker .ticker__item'))
        return Math.abs(items[next].getBoundingClientRect().top - box.top) < 1
      },
      next,
      { timeout: 5000 }
    )
  }
  await context.close()
})
