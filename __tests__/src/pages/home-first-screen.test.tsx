/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
// home's first screen through the page, its store, the request core and the reference server, with the
// slides call's answer held back until the index's has been applied (a slow network, without a race against a timer). The page shows its loading state until the index and the slides have both
// answered (so the slides never arrive above a shown menu and push it down), then the slides and the menu, and the
// sections below them only after: content only ever arrives below what is already on the screen.
import TestUtils from '@tarojs/test-utils-react'
import HomePage from '@/pages/home/home'
import { homeStore } from '@/stores/home'
import { holdAnswers, useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

useReferenceServer()

test('R2.42 R4.21: home waits for the slides and the index, shows slides and menu together, and the sections below only after them', async () => {
  const slides = holdAnswers(/a=slides/)
  // every state the page's DOM passes through, as it happens
  const states: { loading: boolean; slides: boolean; menu: boolean; topRooms: boolean; rooms: boolean }[] = []
  const record = () =>
    states.push({
      loading: !!document.querySelector('.home .page-state--loading'),
      slides: !!document.querySelector('.home__slides'),
      menu: !!document.querySelector('.home__menu'),
      topRooms: !!document.querySelector('.home__top-rooms'),
      rooms: !!document.querySelector('.home__rooms')
    })
  const observer = new MutationObserver(record)
  observer.observe(document.body, { childList: true, subtree: true })
  const t = new TestUtils()
  try {
    await t.mount(HomePage)
    // the index has answered and been applied while the slides' answer is still on its way: still loading, and no
    // menu without its slides above
    await waitFor(() => homeStore.indexLoaded && slides.answered() > 0)
    record()
    expect(document.querySelector('.home .page-state--loading')).not.toBeNull()
    expect(document.querySelector('.home__menu')).toBeNull()
    slides.release()
    await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length > 0)
    record()
    const firstShown = states.findIndex((s) => s.slides)
    expect(firstShown).toBeGreaterThan(-1)
    // never a menu without the slides above it
    expect(states.filter((s) => s.menu && !s.slides)).toEqual([])
    // when the slides and menu first show, nothing below them is there yet; then the rest, in that order
    expect(states[firstShown]).toMatchObject({
      slides: true,
      menu: true,
      topRooms: false,
      rooms: false,
      loading: false
    })
    const topRoomsAt = states.findIndex((s) => s.topRooms)
    const roomsAt = states.findIndex((s) => s.rooms)
    expect(topRoomsAt).toBeGreaterThan(firstShown)
    expect(roomsAt).toBeGreaterThan(topRoomsAt)
    // and once shown, a section stays
    expect(states.slice(firstShown).every((s) => s.slides && s.menu)).toBe(true)
  } finally {
    observer.disconnect()
    slides.release()
    slides.restore()
    t.unmout()
  }
})
