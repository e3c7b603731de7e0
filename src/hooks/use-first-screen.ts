import { useDidHide } from '@tarojs/taro'
import { useEffect } from 'react'
import { hideFirstScreen } from '@/platform/first-screen'

/**
 * The server's pre-rendered first screen (server/views/first-screen.ts) gives way once `shown`: the page's own
 * first screen, its error or its form is up. Leaving the page removes it too.
 */
export function useFirstScreenUntil(shown: boolean) {
  useEffect(() => {
    if (shown) hideFirstScreen()
  }, [shown])
  useDidHide(hideFirstScreen)
}
