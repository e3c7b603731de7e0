/**
 * The first screen the reference server pre-renders into the H5 page for home and for a live room (server/views/first-screen.ts):
 * a fixed layer of this element id over the app, which the page's start-up script (src/index.html) waits to see
 * painted before it loads the app's scripts and the page (src/platform/first-screen.h5.ts) removes once its own first
 * screen is up. A type only, so each of the three spells the id checked against this one.
 */
export type FirstScreenId = 'first-screen'
