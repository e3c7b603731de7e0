import { Image } from '@tarojs/components'
import { useMemo } from 'react'
import type { AltImageProps } from './index'

/**
 * H5: Taro's `<taro-image-core>` draws an inner `<img>` that takes no attributes of its own; `nativeProps` is spread
 * onto it, so the alternative text lands where screen readers look (an empty alt marks a decorative image).
 */
export function AltImage({ alt, ...rest }: AltImageProps) {
  const nativeProps = useMemo(() => ({ alt }), [alt])
  return <Image {...rest} nativeProps={nativeProps} />
}
