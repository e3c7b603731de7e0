import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom, useRouter, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { TimelineStore } from './store'
import { PostCard } from '@/packageA/components/post-card'
import { formatCount } from '@/utils/format'
import { stripHtml } from '@/utils/validate'
import './timeline.scss'
import { ListFoot } from '@/components/list-foot'
import { linkProps } from '@/platform/a11y'
import { setPageTitle } from '@/platform/title'
import { withTopBar } from '@/components/top-bar'

/** A timeline (spec R2.11): the topic, a link to its live room or playback, and its posts newest first. */
function TimelinePage() {
  const { params } = useRouter()
  const id = Number(params.id) || 1
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when id changes; what else it reads belongs to those
  const store = useMemo(() => new TimelineStore(id, params.source === 'news' ? 'news' : 'm2o'), [id])
  useEffect(() => {
    void store.load().then(() => store.topic && setPageTitle(store.topic.title))
  }, [store])
  usePullDownRefresh(() => {
    store.posts
      .load({ getNew: true })
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    store.posts.load().catch(() => undefined)
  })
  useShareAppMessage(() => ({
    title: store.topic?.title || '图文直播',
    path: `/packageA/pages/timeline/timeline?id=${id}`
  }))
  const t = store.topic
  if (!t) return store.error ? <PageState error={store.error} onRetry={() => store.load()} /> : <PageState loading />
  const posts = store.posts
  return (
    <View className='timeline'>
      <View className='timeline__head' style={t.image ? { backgroundImage: `url(${t.image})` } : undefined}>
        <View className='timeline__mask'>
          <Text className='timeline__title'>{t.title}</Text>
          <Text className='timeline__meta'>
            {t.author.nickName} · {formatCount(t.visits)}浏览 · {formatCount(t.like)}赞
          </Text>
          {t.description ? <Text className='timeline__desc'>{stripHtml(t.description)}</Text> : null}
        </View>
      </View>
      {t.redirect && (
        <View
          className='timeline__redirect'
          {...linkProps()}
          onClick={() =>
            t.redirect!.page === 'live'
              ? openPage('live', { roomid: t.redirect!.roomid })
              : openPage('playback', { id: (t.redirect as { id: number }).id })
          }
        >
          <Text>{t.redirect.page === 'live' ? '● 正在直播，点击观看' : '▶ 观看回放'}</Text>
        </View>
      )}
      {posts.empty ? (
        posts.loading ? (
          <PageState loading />
        ) : posts.error ? (
          <PageState error={posts.error} onRetry={() => posts.load({ reset: true })} />
        ) : (
          <PageState empty emptyText='暂无图文' />
        )
      ) : (
        <View>
          {posts.list.map((p) => (
            <PostCard key={p.id} store={store} post={p} />
          ))}
          <ListFoot list={posts} className='timeline__more' />
        </View>
      )}
    </View>
  )
}

export default withTopBar(observer(TimelinePage))
