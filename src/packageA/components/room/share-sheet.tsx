import { View, Text, Button } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { currentHosts } from '@/core/request'
import { buttonProps } from '@/platform/a11y'
import { pageLink } from '@/share'
import { shareToast, showToast } from '@/ui/overlay'
import { shareImage } from '@/utils/image'
import type { PosterCode } from './poster-code'
import { copyText, NATIVE_SHARE, saveImage, shareGuide } from './share-platform'
import './share-sheet.scss'

/** The share toast once the link is copied (3 s, spec R9.17): under the poster, never over its title. */
export const SHARE_TIP = '链接已复制，快去分享吧'

export interface ShareSheetProps {
  title: string
  /** the line under the title (主播 正在直播, a playback's streamer) */
  sub: string
  cover?: string
  /** the poster's code (the room's QR or mini-program code); without one there is no image to save */
  code?: PosterCode | null
  /** the app's page shared (`/packageA/pages/live/live?roomid=301`): 复制链接 copies its canonical web address */
  path: string
  onClose: () => void
}

/**
 * The share sheet: the poster (cover, title, the code to scan) and what a viewer does with it: 保存图片, 复制链接 (the
 * page's canonical address on the main live host), 取消; in WeChat's browser the 点击右上角分享 guide points at
 * WeChat's own menu (share-platform.h5.ts); in the mini-program 分享给好友 is WeChat's share. Nothing covers the
 * poster: opening it shows no toast (the share toast comes once the link is copied, below the poster's title).
 */
export function ShareSheet({ title, sub, cover, code, path, onClose }: ShareSheetProps) {
  const guide = shareGuide()
  const link = pageLink(currentHosts().live, path)
  const save = async () => {
    if (!code) return
    void showToast(await saveImage(code.src, `${title}.png`))
  }
  const copy = async () => {
    if (await copyText(link)) void shareToast(SHARE_TIP)
    else void showToast('复制失败，请长按链接复制')
  }
  return (
    <View className='share-sheet' role='dialog' aria-label='分享' onClick={onClose}>
      {guide ? (
        <View className='share-sheet__guide' aria-live='polite'>
          <Text className='share-sheet__guide-arrow' aria-hidden='true'>
            ↗
          </Text>
          <Text className='share-sheet__guide-text'>{guide}</Text>
        </View>
      ) : null}
      <View className='poster__card share-sheet__poster' onClick={(e) => e.stopPropagation()}>
        {cover ? <AltImage className='poster__cover' src={shareImage(cover)} mode='aspectFill' alt={title} /> : null}
        <Text className='poster__title'>{title}</Text>
        <Text className='poster__sub'>{sub}</Text>
        {code ? (
          <>
            <AltImage className='poster__qr' src={code.src} showMenuByLongpress alt={code.alt} />
            <Text className='poster__hint'>{code.hint}</Text>
          </>
        ) : null}
      </View>
      <View className='share-sheet__panel' onClick={(e) => e.stopPropagation()}>
        <View className='share-sheet__actions'>
          {NATIVE_SHARE ? (
            <Button className='share-sheet__action share-sheet__action--native' openType='share'>
              分享给好友
            </Button>
          ) : null}
          {code ? (
            <Text className='share-sheet__action share-sheet__save' {...buttonProps('保存图片')} onClick={save}>
              保存图片
            </Text>
          ) : null}
          <Text className='share-sheet__action share-sheet__copy' {...buttonProps('复制链接')} onClick={copy}>
            复制链接
          </Text>
        </View>
        <Text className='share-sheet__link' data-link={link}>
          {link}
        </Text>
        <Text className='share-sheet__cancel' {...buttonProps('取消分享')} onClick={onClose}>
          取消
        </Text>
      </View>
    </View>
  )
}
