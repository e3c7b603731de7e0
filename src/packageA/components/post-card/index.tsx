import { View, Text, RichText } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { observer } from 'mobx-react-lite'
import type { PostItem, TimelineSource } from '@/api/timeline'
import { openPage } from '@/router/navigate'
import { showToast } from '@/ui/overlay'
import { formatCount, fromNow } from '@/utils/format'
import { attachedImage } from '@/utils/image'
import { maskPhones, stripHtml } from '@/utils/validate'
import './index.scss'
import { buttonProps, linkProps } from '@/platform/a11y'
import { openPhotoViewer } from '@/platform/photo-viewer'

/**
 * What a card reads of its timeline (the timeline page's TimelineStore, src/packageA/pages/timeline/store.ts): a
 * component names no page, so it states the part it uses.
 */
interface PostCardTimeline {
  readonly id: number
  readonly source: TimelineSource
  liked(post: PostItem): boolean
  like(post: PostItem): Promise<boolean>
}

/** One post of a timeline (spec R3.32): host, text (HTML stripped, phones masked), images, like once. */
export const PostCard = observer(function PostCard({
  store,
  post,
  full
}: {
  store: PostCardTimeline
  post: PostItem
  full?: boolean
}) {
  const liked = store.liked(post)
  const text = maskPhones(stripHtml(post.content))
  const imageAlt = (i: number) => `${post.host_name || '主持人'}的图片 ${i + 1}`
  return (
    <View
      className='post-card'
      data-post={post.id}
      {...(full ? {} : linkProps())}
      onClick={full ? undefined : () => openPage('post', { id: post.id, topic: store.id, source: store.source })}
    >
      <View className='post-card__head'>
        <AltImage className='post-card__avatar' src={post.host_avatar || ''} alt={post.host_name || '主持人'} />
        <Text className='post-card__name'>{post.host_name || '主持人'}</Text>
        <Text className='post-card__time'>{post.time ? fromNow(post.time) : ''}</Text>
      </View>
      {full ? (
        <RichText className='post-card__text' nodes={text.replace(/</g, '&lt;')} />
      ) : (
        <Text className='post-card__text'>{text}</Text>
      )}
      {post.images && post.images.length > 0 && (
        <View className='post-card__images'>
          {post.images.map((src, i) => (
            <AltImage
              key={src}
              className='post-card__img'
              src={attachedImage(src, 220, 220)}
              mode='aspectFill'
              alt={imageAlt(i)}
              onClick={(e) => {
                e.stopPropagation()
                openPhotoViewer({ urls: post.images, current: i, alts: post.images.map((_, j) => imageAlt(j)) })
              }}
            />
          ))}
        </View>
      )}
      <Text
        className={`post-card__like${liked ? ' post-card__like--on' : ''}`}
        {...buttonProps(`${liked ? '已赞' : '点赞'}，${formatCount(post.like)}赞`)}
        onClick={async (e) => {
          e.stopPropagation()
          if (liked) return showToast('已经赞过了')
          const ok = await store.like(post).catch(() => false)
          if (!ok) void showToast('点赞失败，请稍后再试')
        }}
      >
        {liked ? '♥' : '♡'} {formatCount(post.like)}
      </Text>
    </View>
  )
})
