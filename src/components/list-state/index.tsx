import { observer } from 'mobx-react-lite'
import { PageState } from '@/components/page-state'
import type { PagedList } from '@/stores/paged-list'
import { quietly } from '@/utils/errors'

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

export const ListState = observer(ListStateView)
