import { Text } from '@tarojs/components'
import { buttonProps } from '@/platform/a11y'
import './index.scss'

/**
 * In place of a part of a page whose chunk could not be loaded after its retries (src/hooks/use-chunk.ts): what is
 * missing and 点击重试, which asks the chunk again. Its style is its own (the part's style is in the chunk that failed);
 * `className` places it where the part would be (the page's own rules for it).
 */
export function ChunkRetry({ text, onRetry, className }: { text: string; onRetry: () => void; className?: string }) {
  return (
    <Text className={`chunk-retry${className ? ` ${className}` : ''}`} {...buttonProps()} onClick={onRetry}>
      {text}，点击重试
    </Text>
  )
}
