import { View } from '@tarojs/components'
import { hiddenProps } from '@/platform/a11y'

/** The banner's indicator: one dot a slide, the current one in the theme colour. Screen readers hear `1 / 4` instead. */
export function BannerDots({ count, current }: { count: number; current: number }) {
  if (count < 2) return null
  return (
    <View className='banner__dots' {...hiddenProps}>
      {Array.from({ length: count }, (_, i) => (
        <View key={i} className={i === current ? 'banner__dot banner__dot--active' : 'banner__dot'} />
      ))}
    </View>
  )
}
