import { Text } from '@tarojs/components'
import { buttonProps } from '@/platform/a11y'
import './index.scss'

/**
 * In place of a part of a page whose chunk could not be loaded after its retries (src/hooks/use-chunk.ts): what is
 * missing and 点击重试, which asks the chunk again. Its style is its own (the part's style is in the chunk that failed).
 */
export function ChunkRetry({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Text className='chunk-retry' {...buttonProps()} onClick={onRetry}>
      {text}，点击重试
    </Text>
  )
}
