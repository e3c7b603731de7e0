import { Button, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { AltImage } from '@/components/alt-image'
import { PageState } from '@/components/page-state'
import { withTopBar } from '@/components/top-bar'
import { buttonProps, hiddenProps } from '@/platform/a11y'
import { openPage } from '@/router/navigate'
import { progressRatio, progressText, watchHistory, type WatchEntry } from '@/stores/watch-history'
import { showModal } from '@/ui/overlay'
import { fromNow } from '@/utils/format'
import { stripHtml } from '@/utils/validate'
import './history.scss'

export const HISTORY_NOTE = '本机观看记录，仅保存在这台设备上'
export const HISTORY_EMPTY = '暂无观看记录'
export const CLEAR_TITLE = '清空观看历史'
export const CLEAR_CONTENT = '确定清空本机的全部观看记录吗？'

async function confirmClear() {
  const res = await showModal({ title: CLEAR_TITLE, content: CLEAR_CONTENT, confirmText: '清空' })
  if (res.confirm) watchHistory.clear()
}

function Entry({ entry }: { entry: WatchEntry }) {
  const title = stripHtml(entry.title) || '未命名视频'
  const open = () => void openPage(entry.page, entry.query)
  return (
    <View className='history-item'>
      <View className='history-item__cover' onClick={open}>
        <AltImage className='history-item__image' src={entry.cover} mode='aspectFill' alt={title} />
        <View className='history-item__bar' {...hiddenProps}>
          <View className='history-item__bar-done' style={{ width: `${progressRatio(entry) * 100}%` }} />
        </View>
      </View>
      <View className='history-item__info'>
        <Text className='history-item__title'>{title}</Text>
        <Text className='history-item__meta'>
          {progressText(entry)} · {fromNow(entry.at)}
        </Text>
        <View className='history-item__actions'>
          <Button className='history-item__resume' size='mini' onClick={open}>
            继续观看
          </Button>
          <Text
            className='history-item__remove'
            {...buttonProps(`删除「${title}」的观看记录`)}
            onClick={() => watchHistory.remove(entry.id)}
          >
            删除
          </Text>
        </View>
      </View>
    </View>
  )
}

/**
 * 我的 › 观看历史: the on-demand videos played on this device, newest first (src/stores/watch-history.ts): cover,
 * title, how far the viewer got, 继续观看 (the page opens the video where it stopped), 删除 one, 清空 all after a
 * confirm. Read again each time the page shows, since the players write it on other pages.
 */
function HistoryPage() {
  useDidShow(() => watchHistory.load())
  const list = watchHistory.entries
  return (
    <View className='history'>
      <View className='history__head'>
        <Text className='history__note'>{HISTORY_NOTE}</Text>
        {list.length ? (
          <Text className='history__clear' {...buttonProps('清空观看历史')} onClick={() => void confirmClear()}>
            清空
          </Text>
        ) : null}
      </View>
      {list.length ? list.map((e) => <Entry key={e.id} entry={e} />) : <PageState empty emptyText={HISTORY_EMPTY} />}
    </View>
  )
}

export default withTopBar(observer(HistoryPage))
