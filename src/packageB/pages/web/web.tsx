import { WebView, View } from '@tarojs/components'
import { useDidHide, useDidShow, useRouter } from '@tarojs/taro'
import { useEffect, useMemo, useRef, useState } from 'react'
import { PageState } from '@/components/page-state'
import { TIMEOUT_MESSAGE } from '@/utils/errors'
import { loadWhatwgURL, whatwgURLLoaded } from '@/platform/url'
import { nameWebFrame } from '@/platform/web-frame'
import { webPageUrl } from '@/router/navigate'
import { withTopBar } from '@/components/top-bar'

/**
 * Embedded web view (spec R2.19): query `url` (percent-encoded once, as openWebView writes it); `refresh_on_show=1`
 * reloads the page each time it shows again (after a payment or login page came back, say). The page checks the URL
 * itself (R2.35): only an http(s) URL on the live host or the whitelist opens, anything else shows the error state.
 */
function WebPage() {
  // the mini-program reads the URL once its parser is loaded (src/platform/url.ts); H5's is always there
  const [parser, setParser] = useState<'loading' | 'ready' | 'failed'>(whatwgURLLoaded() ? 'ready' : 'loading')
  useEffect(() => {
    if (parser === 'loading')
      loadWhatwgURL().then(
        () => setParser('ready'),
        () => setParser('failed')
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  if (parser !== 'ready') {
    return (
      <View className='page'>
        {parser === 'loading' ? <PageState loading /> : <PageState error={TIMEOUT_MESSAGE} />}
      </View>
    )
  }
  return <WebFrame />
}

function WebFrame() {
  const { params } = useRouter()
  const url = useMemo(() => webPageUrl(params.url), [params.url])
  const refresh = params.refresh_on_show === '1'
  const [src, setSrc] = useState(url)
  const hidden = useRef(false)
  useEffect(() => (src ? nameWebFrame('网页内容') : undefined), [src])
  useDidHide(() => {
    hidden.current = true
  })
  useDidShow(() => {
    if (!hidden.current || !refresh || !url) return
    hidden.current = false
    const hash = url.indexOf('#')
    const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)]
    setSrc(`${base}${base.includes('?') ? '&' : '?'}_r=${Date.now()}${fragment}`)
  })
  if (!url || !src) {
    return (
      <View className='page'>
        <PageState error='链接无效' />
      </View>
    )
  }
  return <WebView src={src} />
}

export default withTopBar(WebPage)
