import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import Taro, { usePullDownRefresh, useReachBottom, useRouter, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { PageState } from '@/components/page-state'
import { SinglePageTip, useSinglePageMode } from '@/components/single-page-tip'
import { openPage } from '@/router/navigate'
import { AlbumStore } from './store'
import { showToast } from '@/ui/overlay'
import { formatCount } from '@/utils/format'
import { shareImage, uploadedImage } from '@/utils/image'
import './album.scss'
import { ListFoot } from '@/components/list-foot'
import { ListState } from '@/components/list-state'
import { buttonProps, linkProps } from '@/platform/a11y'
import { openPhotoViewer } from '@/platform/photo-viewer'
import { setPageTitle } from '@/platform/title'
import { withTopBar } from '@/components/top-bar'

/**
 * Photo-album live (spec R2.17): the album, its photos 30 a page, photo likes that toggle, share and timeline share.
 * Shared to Moments, it opens in WeChat's single-page mode (R4.7): the tip says to use 前往小程序, and what cannot
 * work there is not offered (进入直播间 would route to another page, a like may need a login).
 */
function AlbumPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 1
  const singlePage = useSinglePageMode()
  const store = useMemo(() => new AlbumStore(id), [id])
  useEffect(() => {
    void store.load().then(() => store.album && setPageTitle(store.album.title))
  }, [store])
  usePullDownRefresh(() => {
    store.photos
      .load({ getNew: true })
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    store.photos.load().catch(() => undefined)
  })
  useShareAppMessage(() => ({
    title: store.album?.title || '相册直播',
    path: `/packageB/pages/album/album?id=${id}`,
    imageUrl: shareImage(store.album?.cover || '')
  }))
  // Moments draws its card's image square (1:1); without a cover WeChat uses the mini-program's logo
  useShareTimeline(() => {
    const cover = store.album?.cover
    return {
      title: store.album?.title || '相册直播',
      query: `id=${id}`,
      ...(cover ? { imageUrl: uploadedImage(cover, 400, 400) } : {})
    }
  })
  const a = store.album
  if (!a)
    return (
      <>
        <SinglePageTip />
        {store.error ? <PageState error={store.error} onRetry={() => store.load()} /> : <PageState loading />}
      </>
    )
  const photos = store.photos
  const urls = photos.list.map((p) => p.url)
  const alt = (description: string | undefined, i: number) => description || `${a.title} 第${i + 1}张`
  return (
    <View className='album'>
      <SinglePageTip />
      <View className='album__head'>
        <Text className='album__title'>{a.title}</Text>
        <Text className='album__meta'>
          {a.total}张 · {formatCount(a.likes)}赞 · {formatCount(a.visits || 0)}浏览
        </Text>
        {a.room_id && !singlePage ? (
          <Text className='album__live' {...linkProps()} onClick={() => openPage('live', { roomid: a.room_id })}>
            进入直播间 ›
          </Text>
        ) : null}
        <View className='album__orders'>
          <Text
            className={`album__order${store.order === 'desc' ? ' album__order--on' : ''}`}
            {...buttonProps()}
            onClick={() => store.setOrder('desc')}
          >
            最新
          </Text>
          <Text
            className={`album__order${store.order === 'hot' ? ' album__order--on' : ''}`}
            {...buttonProps()}
            onClick={() => store.setOrder('hot')}
          >
            最热
          </Text>
        </View>
      </View>
      {photos.empty ? (
        // loading, a failure with 重新加载, or none: photos that failed to load are never 暂无照片
        <ListState list={photos} emptyText='暂无照片' />
      ) : (
        <View className='album__grid'>
          {photos.list.map((p, i) => {
            const liked = store.liked(p)
            return (
              <View key={p.id} className='album__photo' data-photo={p.id}>
                <AltImage
                  className='album__img'
                  src={uploadedImage(p.thumb || p.url, 240, 240)}
                  mode='aspectFill'
                  lazyLoad
                  alt={alt(p.description, i)}
                  {...linkProps()}
                  onClick={() =>
                    openPhotoViewer({
                      urls,
                      current: i,
                      alts: photos.list.map((q, j) => alt(q.description, j))
                    })
                  }
                />
                {singlePage ? null : (
                  <Text
                    className={`album__like${liked ? ' album__like--on' : ''}`}
                    {...buttonProps(`${liked ? '取消点赞' : '点赞'}，${formatCount(p.likes)}赞`)}
                    onClick={async () => {
                      const r = await store.toggleLike(p).catch(() => null)
                      if (!r) void showToast('操作失败，请稍后再试')
                    }}
                  >
                    {liked ? '♥' : '♡'} {formatCount(p.likes)}
                  </Text>
                )}
              </View>
            )
          })}
        </View>
      )}
      <ListFoot list={photos} className='album__more' />
    </View>
  )
}

export default withTopBar(observer(AlbumPage))
