import { View, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import { buttonProps, dialogProps } from './aria'

/**
 * The frame of every activity card: a labelled dialog with its own close button, drawn in the
 * stage's slot between the player and the chat, so it never covers the send box or the player's controls.
 */
export function ActivityCard({
  kind,
  label,
  title,
  onClose,
  children
}: {
  kind: string
  label: string
  title?: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <View className={`act-card act-card--${kind}`} data-kind={kind} {...dialogProps(label)}>
      <View className='act-card__head'>
        <Text className='act-card__label'>{label}</Text>
        {title ? <Text className='act-card__title'>{title}</Text> : null}
        <View className='act-card__close' {...buttonProps(`关闭${label}`)} onClick={onClose}>
          ×
        </View>
      </View>
      <View className='act-card__body'>{children}</View>
    </View>
  )
}
