import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import type { MediaKind } from '@/api/media'
import { PageState } from '@/components/page-state'
import { Player } from '@/packageA/components/player'
import { setPageTitle } from '@/platform/title'
import { maskPhones, stripHtml } from '@/utils/validate'
import { WatchStore, type WatchType } from './store'
import './watch.scss'

const TYPES: WatchType[] = ['channel', 'programme', 'video']
const KINDS: MediaKind[] = ['tv', 'radio', 'audio']

/**
 * The 视听 tab's player page: a TV or radio channel live, or a programme or a video on demand, in the one player of
 * every video (清晰度 where the stream has renditions, 倍速 and resuming for on-demand, full screen, 画中画).
 */
function WatchPage() {
  const { params } = useRouter()
  const type = (TYPES as string[]).includes(params.type || '') ? (params.type as WatchType) : 'video'
  const kind = (KINDS as string[]).includes(params.kind || '') ? (params.kind as MediaKind) : undefined
  const id = Number(params.id) || 0
  const store = useMemo(() => new WatchStore(type, id, kind), [type, id, kind])
  useEffect(() => {
    store.load().then(() => store.item && setPageTitle(store.item.title))
  }, [store])
  const item = store.item
  if (!item) return store.error ? <PageState error={store.error} onRetry={() => store.load()} /> : <PageState loading />
  return (
    <View className='watch'>
      <View className='watch__video'>
        <Player src={item.src} poster={item.poster} live={item.live} resumeId={item.resumeId} />
      </View>
      <View className='watch__info'>
        <Text className='watch__title'>{stripHtml(item.title)}</Text>
        <Text className='watch__sub'>{item.subtitle}</Text>
        {item.brief ? <Text className='watch__brief'>{maskPhones(stripHtml(item.brief))}</Text> : null}
      </View>
    </View>
  )
}

export default observer(WatchPage)
