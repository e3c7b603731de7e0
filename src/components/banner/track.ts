/**
 * The banner's track: the slides with copies at the ends, so that the rotation runs on in one direction. Moving onto
 * a copy, the view jumps, without animation, to the slide it copies once the move has ended: the viewer sees one
 * endless row. H5 puts a copy of the last slide before the first and of the first after the last (a swipe either way
 * goes round); the mini-program only the copy of the first after the last (it places the track at 0 before it knows
 * the slides' width).
 */
export interface TrackSlot<T> {
  slide: T
  /** the slide's index among the slides */
  index: number
  /** a copy at an end of the track, hidden from screen readers and the keyboard */
  copy: boolean
}

/** The track's slots: `lead` puts a copy of the last slide first. One slide has no copies: nothing turns. */
export function trackSlots<T>(slides: readonly T[], lead: boolean): TrackSlot<T>[] {
  const n = slides.length
  const slots = slides.map((slide, index) => ({ slide, index, copy: false }))
  if (n < 2) return slots
  return [
    ...(lead ? [{ slide: slides[n - 1], index: n - 1, copy: true }] : []),
    ...slots,
    { slide: slides[0], index: 0, copy: true }
  ]
}

/** Where a view at `position` (slots from the track's start) must jump to show the same slide off a copy, if it must. */
export function jumpFrom(position: number, count: number, lead: boolean): number | null {
  if (count < 2) return null
  if (lead && position <= 0) return count
  const end = lead ? count + 1 : count
  if (position >= end) return lead ? 1 : 0
  return null
}

/** The slide shown at `position`. */
export function slideAt(position: number, count: number, lead: boolean): number {
  if (count < 2) return 0
  const i = Math.round(position) - (lead ? 1 : 0)
  return ((i % count) + count) % count
}
