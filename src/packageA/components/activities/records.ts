import { currentHosts } from '@/core/request'
import { openWebView } from '@/router/navigate'

/** R2.22: lottery and rain-lottery records are the broadcaster's external activity pages, opened in the web view. */
export function openRecords(name: 'lottery-records' | 'rain-records', roomId: number) {
  return openWebView(`${currentHosts().live}/activity/${name}?roomid=${roomId}`)
}
