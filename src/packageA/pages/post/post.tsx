import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useState } from 'react'
import { fetchPost, type PostItem } from '@/api/timeline'
import { PageState } from '@/components/page-state'
import { ApiError } from '@/core/errors'
import { PostCard } from '@/packageA/components/post-card'
import { TimelineStore } from '@/stores/timeline'
import { setPageTitle } from '@/platform/title'

/** One post of a timeline (spec R2.12, R7.31, R7.35). */
function PostPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const source = params.source === 'news' ? 'news' : 'm2o'
  const store = useMemo(() => new TimelineStore(Number(params.topic) || 0, source), [params.topic, source])
  const [post, setPost] = useState<PostItem | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    fetchPost(source, id)
      .then((data) => {
        setPost(data)
        void setPageTitle(data.host_name || '详情')
      })
      // an answer's message (内容不存在 by default); a rejection (404, timeout) the network text
      .catch((err: unknown) =>
        setError(err instanceof ApiError && err.answered ? err.msg || '内容不存在' : '网络不给力，请稍后再试')
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when id changes; what else it reads belongs to those
  }, [id])
  if (!id) return <PageState error='内容不存在' />
  if (error) return <PageState error={error} />
  if (!post) return <PageState loading />
  return (
    <View className='page'>
      <PostCard store={store} post={post} full />
    </View>
  )
}

export default observer(PostPage)
