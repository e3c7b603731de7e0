import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState, type ComponentType } from 'react'
import { buttonProps, hiddenProps, type A11yProps } from '@/platform/a11y'
import { currentPlatform } from '@/platform/current'
import { MESSENGER_PLATFORMS } from '@/platform/kinds'
import { PAGE_PATHS } from '@/router/pages'
import './index.scss'

/** The page's title is the bar's heading (the page's name to a screen reader's heading list). */
const HEADING: A11yProps = { role: 'heading', 'aria-level': '1' }

/** What the bar's one control does: back to the page before, or home for a page opened first (a shared link). */
export type TopBarAction = 'back' | 'home'

/**
 * The messenger's own browser and the mini-program's web view draw a bar of their own above the page (its title, its
 * back and close): ours would be a second bar under it, so there is none. Elsewhere (a phone's or a computer's
 * browser, the broadcaster's apps) nothing but ours leads back.
 */
export function hostDrawsBar(): boolean {
  return MESSENGER_PLATFORMS.includes(currentPlatform())
}

/** Back when the app has a page under this one, else home (the page was opened first, from a link or a reload). */
export function topBarAction(): TopBarAction {
  let depth = 0
  try {
    depth = Taro.getCurrentPages().length
  } catch {
    // no router (a page drawn on its own): nothing to go back to
  }
  return depth > 1 ? 'back' : 'home'
}

/** The document's title as it changes (pages set it with setPageTitle; Taro puts a page's back as it shows again). */
function useDocumentTitle(): string {
  const [title, setTitle] = useState(() => document.title)
  useEffect(() => {
    const head = document.head
    const update = () => setTitle(document.title)
    update()
    const observer = new MutationObserver(update)
    observer.observe(head, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [])
  return title
}

/**
 * H5: the top bar of every page that is not a tab (the tab pages have the tab bar): one control, 返回 to the page
 * before or 首页 when the page was opened first, and the page's title (the document's, which each page sets).
 */
export function TopBar() {
  const title = useDocumentTitle()
  // read once: the pages under this one do not change while it is on top
  const [action] = useState(topBarAction)
  const back = action === 'back'
  const go = () => {
    if (back) void Taro.navigateBack()
    else void Taro.reLaunch({ url: PAGE_PATHS.home })
  }
  return (
    <View className='top-bar'>
      <View className='top-bar__action' data-action={action} {...buttonProps(back ? '返回' : '回到首页')} onClick={go}>
        <Text className='top-bar__icon' {...hiddenProps}>
          {back ? '‹' : '⌂'}
        </Text>
        <Text className='top-bar__label' {...hiddenProps}>
          {back ? '返回' : '首页'}
        </Text>
      </View>
      <Text className='top-bar__title' {...HEADING}>
        {title}
      </Text>
    </View>
  )
}

/**
 * A page with the top bar above it (none where the host draws its own bar). A page that is one screen high leaves
 * the bar's height for it (`.top-bar + .live`, its own CSS).
 */
export function withTopBar<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const own = hostDrawsBar()
  function WithTopBar(props: P) {
    return (
      <>
        {own ? null : <TopBar />}
        <Page {...props} />
      </>
    )
  }
  return WithTopBar
}

/** The bar's height in CSS pixels (index.scss), 0 where the host draws its own bar: for a page sized to the window. */
export function topBarHeight(): number {
  return hostDrawsBar() ? 0 : 44
}
