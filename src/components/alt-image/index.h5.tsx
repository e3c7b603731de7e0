import { Image } from '@tarojs/components'
import { useMemo } from 'react'
import type { AltImageProps } from './index'

/**
 * H5: the build draws Taro's React `<Image>` (h5.useHtmlComponents, config/index.ts), a `<div>` around an `<img>`;
 * `imgProps` are spread onto the `<img>`, so the alternative text lands where screen readers look (an empty alt marks
 * a decorative image).
 */
export function AltImage({ alt, ...rest }: AltImageProps) {
  const imgProps = useMemo(() => ({ alt }), [alt])
  return <Image {...rest} imgProps={imgProps} />
}
