import type { ReactNode } from 'react'

export interface NearViewportProps {
  /** the content's approximate height, held by the placeholder so the page's length changes little when it arrives */
  minHeight: string
  children: ReactNode
}
