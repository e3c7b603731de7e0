/** The foot line of a paged list: loading more, more to pull, or the end. */
export function listFootText(list: { loading: boolean; hasMore: boolean }): string {
  if (list.loading) return '加载中'
  return list.hasMore ? '上拉加载更多' : '没有更多了'
}
