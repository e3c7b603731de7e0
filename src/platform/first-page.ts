/**
 * Mini-program: WeChat queues a navigation made while the launch page is still loading, so startup navigates at
 * once.
 */
export function firstPageLoaded(): Promise<void> {
  return Promise.resolve()
}
