import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { buttonProps } from '@/platform/a11y'
import type { PagedList } from '@/stores/paged-list'
import { quietly } from '@/utils/errors'
import './index.scss'

/**
 * The foot of a paged list with rows: 加载中 while the next page comes, 上拉加载更多, 没有更多了 at the end, and
 * 加载失败，点击重试 when the next page failed. A list that failed at its bottom gets no scroll event from a pull
 * there (nothing moves), so without the tap its next page would never come. `className` names the page's own foot.
 */
function ListFootView({ list, className = '' }: { list: PagedList<{ id: string | number }>; className?: string }) {
  if (list.empty) return null
  const cls = `list-foot ${className}`
  if (list.loading) return <Text className={cls}>加载中</Text>
  if (list.error) {
    return (
      <Text className={`${cls} list-foot--error`} {...buttonProps()} onClick={() => void quietly(list.load())}>
        加载失败，点击重试
      </Text>
    )
  }
  return <Text className={cls}>{list.hasMore ? '上拉加载更多' : '没有更多了'}</Text>
}

export const ListFoot = observer(ListFootView)
