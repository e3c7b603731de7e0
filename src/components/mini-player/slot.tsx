/** Mini-program: the bar is in the main package with the tab bar; slot.h5.tsx loads it on the web once something plays. */
export { MiniPlayer as MiniPlayerSlot } from './index'
