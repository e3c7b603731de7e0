import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import type { PagedList } from '@/stores/paged-list'
import './index.scss'
import { listFootText } from '@/components/list-foot/text'
import { buttonProps } from '@/platform/a11y'
import { quietly } from '@/utils/errors'

/** The foot of a paged list: loading more, a failed page with retry, or the end. */
function ListFootView({ list }: { list: PagedList<{ id: number }> }) {
  if (list.empty) return null
  if (list.loading) return <Text className='list-foot'>加载中</Text>
  if (list.error) {
    return (
      <Text className='list-foot list-foot--error' {...buttonProps()} onClick={() => void quietly(list.load())}>
        加载失败，点击重试
      </Text>
    )
  }
  return <Text className='list-foot'>{listFootText(list)}</Text>
}

/** Loading, error and empty states of a paged list that has nothing to show yet. */
function ListStateView({ list, emptyText }: { list: PagedList<{ id: number }>; emptyText: string }) {
  if (!list.empty) return null
  return (
    <PageState
      loading={list.loading || (list.currentPage === 0 && !list.error)}
      error={list.error}
      empty
      emptyText={emptyText}
      onRetry={() => void quietly(list.load({ reset: true }))}
    />
  )
}

export const ListFoot = observer(ListFootView)
export const ListState = observer(ListStateView)
