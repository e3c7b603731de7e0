import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { PageState } from '@/components/page-state'
import { PostCard } from '@/packageA/components/post-card'
import { TimelineStore } from '@/packageA/pages/timeline/store'
import { setPageTitle } from '@/platform/title'
import { PostStore } from './store'
import { withTopBar } from '@/components/top-bar'

/** One post of a timeline (spec R2.12, R7.31, R7.35). */
function PostPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const source = params.source === 'news' ? 'news' : 'm2o'
  const store = useMemo(() => new TimelineStore(Number(params.topic) || 0, source), [params.topic, source])
  const page = useMemo(() => new PostStore(source, id), [source, id])
  useEffect(() => {
    if (id) void page.load().then((data) => data && setPageTitle(data.host_name || '详情'))
  }, [page, id])
  if (!id) return <PageState error='内容不存在' />
  if (page.error) return <PageState error={page.error} />
  if (!page.post) return <PageState loading />
  return (
    <View className='page'>
      <PostCard store={store} post={page.post} full />
    </View>
  )
}

export default withTopBar(observer(PostPage))
