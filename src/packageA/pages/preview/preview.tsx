import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { useRouter, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { PageState } from '@/components/page-state'
import { env } from '@/env'
import { requestSubscription } from '@/platform/subscribe'
import { openPage, openWebView } from '@/router/navigate'
import { EXTERNAL_PREVIEW_ID } from '@/router/startup'
import { externalActivityUrl } from '@/router/startup-run'
import { loginPrompt } from '@/stores/login-prompt'
import { showToast } from '@/ui/overlay'
import { formatCount, formatTime } from '@/utils/format'
import { shareImage } from '@/utils/image'
import { maskPhones, stripHtml } from '@/utils/validate'
import './preview.scss'
import { buttonProps, linkProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { PreviewStore } from './store'
import { withTopBar } from '@/components/top-bar'

/** A preview (teaser, spec R2.10): what is coming, when, and a reminder (subscribe, R4.27, R5.13). */
function PreviewPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const page = useMemo(() => new PreviewStore(id), [id])
  useEffect(() => {
    if (String(id) === EXTERNAL_PREVIEW_ID) {
      // R2.27: this preview is an external activity page, which takes its place in the stack
      void openWebView(externalActivityUrl('preview-1473'), { replace: true })
      return
    }
    if (id) void page.load().then((data) => data && setPageTitle(data.title))
  }, [page, id])
  const { detail, error, subscribed } = page
  useShareAppMessage(() => ({
    title: detail?.title || '直播预告',
    path: `/packageA/pages/preview/preview?id=${id}`,
    imageUrl: shareImage(detail?.cover || '')
  }))
  if (!id) return <PageState error='预告不存在或已下线' />
  if (error) return <PageState error={error} onRetry={() => void page.load()} />
  if (!detail) return <PageState loading />
  const live = detail.room?.onair === 1
  const subscribe = async () => {
    if (subscribed) return
    const decision = await requestSubscription(env.TARO_APP_TMPL_LIVE_START)
    if (decision !== 'accept') return showToast('已取消预约')
    const remind = async () => (await page.subscribe()) ?? '预约成功，开播时提醒您'
    // a visitor's tap (accepted above): the reminder is set once the login brings them back (R4.6); the page opened
    // then reads it from the server
    if (!(await loginPrompt.requireLogin(remind))) return
    void showToast(await remind())
  }
  return (
    <View className='preview'>
      {detail.cover ? (
        <AltImage className='preview__cover' src={detail.cover} mode='aspectFill' alt={stripHtml(detail.title)} />
      ) : null}
      <View className='preview__card'>
        <Text className='preview__title'>{stripHtml(detail.title)}</Text>
        {detail.start_time ? (
          <Text className='preview__time'>{formatTime(detail.start_time, 'YYYY年MM月DD日 HH:mm')} 开播</Text>
        ) : null}
        <Text className='preview__sub'>{formatCount(detail.subscribes || 0)}人已预约</Text>
        {detail.description ? <Text className='preview__desc'>{maskPhones(stripHtml(detail.description))}</Text> : null}
      </View>
      <View className='preview__bar'>
        {live ? (
          <Text className='preview__btn' {...linkProps()} onClick={() => openPage('live', { roomid: detail.room!.id })}>
            正在直播，进入直播间
          </Text>
        ) : (
          // always bound: in the mini-program Taro throws when a Text loses its last listener (no pure-text template)
          <Text
            className={`preview__btn${subscribed ? ' preview__btn--done' : ''}`}
            {...buttonProps()}
            onClick={subscribe}
          >
            {subscribed ? '已预约' : '预约提醒'}
          </Text>
        )}
      </View>
    </View>
  )
}

export default withTopBar(observer(PreviewPage))
