import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { MUTED_TEXT_COLOR, THEME_COLOR, THEME_TEXT_COLOR } from '@/theme'
import { TAB_PAGES, type TabKey } from '@/router/pages'
import { uiStore } from '@/stores/ui'
import { MiniPlayerSlot } from '@/components/mini-player/slot'
import { hiddenProps, tablistProps, tabProps } from '@/platform/a11y'
import './index.scss'

export const TABS: { key: TabKey; text: string; icon: string }[] = [
  { key: 'home', text: '直播', icon: '▶' },
  { key: 'streamer', text: '主播', icon: '★' },
  { key: 'media', text: '视听', icon: '♫' },
  { key: 'user', text: '我的', icon: '●' }
]

/**
 * The one custom tab bar of both targets (spec R2.2–R2.6): tabs are opened by switching tab. The current tab is marked
 * by the theme colour (a bar above it, R1.20) and its text in the theme's accessible shade; tab roles and the selected
 * state for screen readers on both targets.
 */
export const TabBar = observer(function TabBar() {
  const current = uiStore.currentTab
  return (
    <>
      <MiniPlayerSlot above='tab-bar' />
      <View className='tab-bar' {...tablistProps('底部导航')}>
        {TABS.map((tab) => {
          const active = tab.key === current
          return (
            <View
              key={tab.key}
              className={`tab-bar__item${active ? ' tab-bar__item--active' : ''}`}
              {...tabProps(active)}
              data-tab={tab.key}
              style={{
                color: active ? THEME_TEXT_COLOR : MUTED_TEXT_COLOR,
                borderTopColor: active ? THEME_COLOR : 'transparent'
              }}
              onClick={() => {
                if (active) return
                uiStore.setTab(tab.key)
                void Taro.switchTab({ url: `/${TAB_PAGES[tab.key]}` })
              }}
            >
              <Text className='tab-bar__icon' {...hiddenProps}>
                {tab.icon}
              </Text>
              <Text className='tab-bar__text'>{tab.text}</Text>
            </View>
          )
        })}
      </View>
    </>
  )
})
