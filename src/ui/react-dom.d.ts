// react-dom ships no type declarations in this project; this is the one function the modal layer uses. (The
// mini-program build aliases react-dom to @tarojs/react, which has the same createPortal.)
declare module 'react-dom' {
  import type { ReactNode, ReactPortal } from 'react'
  export function createPortal(children: ReactNode, container: Element, key?: string | null): ReactPortal
}
