import type { RefObject } from 'react'

/**
 * H5 (focus.h5.ts): keyboard focus on one of the ticker's items brings that item into view. Mini-program: no
 * keyboard focus.
 */
export function useFocusedItem(_root: RefObject<unknown>, _show: (index: number) => void): void {}
