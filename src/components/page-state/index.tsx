import { View, Text, Button } from '@tarojs/components'
import './index.scss'

export interface PageStateProps {
  loading?: boolean
  error?: string | null
  empty?: boolean
  emptyText?: string
  onRetry?: () => void
  /** the error's button (重新加载 unless the way out is another, such as 去登录) */
  retryText?: string
}

/** Loading, error and empty states every screen shares (Chinese text a viewer understands). */
export function PageState({
  loading,
  error,
  empty,
  emptyText = '暂无内容',
  onRetry,
  retryText = '重新加载'
}: PageStateProps) {
  if (loading) {
    return (
      <View className='page-state page-state--loading' aria-busy>
        <View className='page-state__spinner' />
        <Text className='page-state__text'>加载中</Text>
      </View>
    )
  }
  if (error) {
    return (
      <View className='page-state page-state--error' role='alert'>
        <Text className='page-state__text'>{error}</Text>
        {onRetry && (
          <Button className='page-state__retry' size='mini' onClick={onRetry}>
            {retryText}
          </Button>
        )}
      </View>
    )
  }
  if (empty) {
    return (
      <View className='page-state page-state--empty'>
        <Text className='page-state__text'>{emptyText}</Text>
      </View>
    )
  }
  return null
}
