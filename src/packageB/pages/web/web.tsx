import { WebView, View } from '@tarojs/components'
import { useDidHide, useDidShow, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { PageState } from '@/components/page-state'

/**
 * Embedded web view (spec R2.19): query `url` (encoded); `refresh_on_show=1` reloads the page each time it shows
 * again (after a payment or login page came back, say).
 */
export default function WebPage() {
  const { params } = useRouter()
  const url = params.url ? decodeURIComponent(params.url) : ''
  const refresh = params.refresh_on_show === '1'
  const [src, setSrc] = useState(url)
  const hidden = useRef(false)
  useDidHide(() => {
    hidden.current = true
  })
  useDidShow(() => {
    if (!hidden.current || !refresh) return
    hidden.current = false
    const mark = `_r=${Date.now()}`
    setSrc(url.includes('?') ? `${url}&${mark}` : `${url}?${mark}`)
  })
  if (!/^https?:\/\//.test(url)) {
    return (
      <View className='page'>
        <PageState error='链接无效' />
      </View>
    )
  }
  return <WebView src={src} />
}
