import { PageState } from '@/components/page-state'

/** H5: the loading state; the reference server's first screen (server/views/first-screen.ts) covers it until the room is up. */
export function LiveLoading() {
  return <PageState loading />
}
