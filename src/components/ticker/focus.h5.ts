import { useEffect, useRef, type RefObject } from 'react'

/**
 * H5: keyboard focus on an item (`data-index`) shows that item. The browser scrolls a clipped box to what takes
 * focus; the ticker moves its column itself, so the box's own scroll goes back to 0.
 */
export function useFocusedItem(root: RefObject<unknown>, show: (index: number) => void): void {
  const showRef = useRef(show)
  useEffect(() => {
    showRef.current = show
  })
  useEffect(() => {
    const el = root.current as HTMLElement | null
    if (!el || typeof el.addEventListener !== 'function') return undefined
    const onFocus = (e: FocusEvent) => {
      const item = (e.target as HTMLElement | null)?.closest?.('[data-index]')
      const index = Number(item?.getAttribute('data-index'))
      el.scrollTop = 0
      if (Number.isInteger(index)) showRef.current(index)
    }
    el.addEventListener('focusin', onFocus)
    return () => el.removeEventListener('focusin', onFocus)
  }, [root])
}
