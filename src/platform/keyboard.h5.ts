/** Roles given to tappable views (src/platform/a11y.h5.ts) that the keyboard should press like a button. */
const PRESSABLE = new Set(['button', 'link', 'tab', 'radio', 'switch', 'checkbox'])

/**
 * H5: the cards, tabs and text buttons are views with a role and `tabindex="0"`, so Tab reaches them in reading
 * order; a browser presses only real buttons and links, so Enter (and Space, except on links) presses these by a
 * click, the same path a tap takes.
 */
export function installKeyActivation(): void {
  if (typeof document === 'undefined') return
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || (e.key !== 'Enter' && e.key !== ' ')) return
    const el = e.target as HTMLElement | null
    const role = el?.getAttribute?.('role')
    if (!el || !role || !PRESSABLE.has(role) || el.tagName === 'BUTTON' || el.tagName === 'A' || el.tagName === 'INPUT')
      return
    if (e.key === ' ' && role === 'link') return
    e.preventDefault()
    el.click()
  })
}
