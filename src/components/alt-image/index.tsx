import { Image, type ImageProps } from '@tarojs/components'

/**
 * An image with its text alternative, the same on both targets: `alt` is what the image shows (a cover: its title; an
 * avatar: the person's name); `alt=''` marks a decorative image that screen readers skip.
 */
export interface AltImageProps extends Omit<ImageProps, 'ariaLabel' | 'nativeProps' | 'imgProps'> {
  alt: string
}

/** Mini-program: the `<image>` carries `aria-label`, or `aria-hidden` when decorative (config/a11y-plugin.ts). */
export function AltImage({ alt, ...rest }: AltImageProps) {
  const aria = alt ? { ariaLabel: alt } : { ariaHidden: true }
  return <Image {...rest} {...aria} />
}
