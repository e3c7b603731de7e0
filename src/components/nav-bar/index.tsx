import { View, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import { systemInfo } from '@/platform/system'
import './index.scss'

/** The custom navigation bar of pages with navigationStyle custom: status bar + 40 (spec R9.13). */
export function NavBar({ title, children }: { title?: string; children?: ReactNode }) {
  const info = systemInfo()
  return (
    <View className='nav-bar' style={{ paddingTop: `${info.statusBarHeight}px`, height: `${info.navBarHeight}px` }}>
      <View
        className='nav-bar__inner'
        style={{ height: '40px', paddingRight: `${info.windowWidth - info.capsulePosition.left}px` }}
      >
        {title && <Text className='nav-bar__title'>{title}</Text>}
        {children}
      </View>
    </View>
  )
}
