import Taro from '@tarojs/taro'
import { env } from '@/env'
import { hostName, resolveHosts } from '@/core/hosts'
import { pageOrigin } from '@/platform/origin'
import { inMiniProgram } from '@/platform/current'
import { openExternal, openMiniProgram } from '@/platform/external'
import { hideAllOverlays, navToast, showModal } from '@/ui/overlay'
import { navigationMethod } from './depth'
import { COPY_URL_MESSAGE, resolveLink, type LinkContext, type LinkResult } from './link'
import { PAGE_PATHS, buildUrl, isTabKey, type PageKey } from './pages'

/** The messaging platform's article host is always allowed in the web view (spec R2.35). */
export const ARTICLE_HOST = 'mp.weixin.qq.com'

export function linkContext(): LinkContext {
  const hosts = resolveHosts(env, pageOrigin())
  const extra = env.TARO_APP_WHITELIST.split(',').map((s) => s.trim()).filter(Boolean)
  return { inMiniProgram, mainHost: hostName(hosts.live), whitelist: [ARTICLE_HOST, ...extra] }
}

/** Open a page by key; tab pages switch tab, a stack deeper than 9 replaces the current page (spec R2.40). */
export async function openPage(page: PageKey, query: Record<string, string | number | undefined> = {}) {
  hideAllOverlays()
  const tab = isTabKey(page)
  const url = tab ? PAGE_PATHS[page] : buildUrl(PAGE_PATHS[page], query)
  const method = navigationMethod(tab, Taro.getCurrentPages().length)
  if (method === 'switchTab') return Taro.switchTab({ url })
  if (method === 'redirectTo') return Taro.redirectTo({ url })
  return Taro.navigateTo({ url })
}

export function openWebView(url: string, refreshOnShow = false) {
  return openPage('web', { url: encodeURIComponent(url), refresh_on_show: refreshOnShow ? 1 : undefined })
}

/** Act on a resolved link (spec R2.29–R2.39, R8.20). */
export async function follow(result: LinkResult): Promise<void> {
  switch (result.type) {
    case 'page':
      await openPage(result.page, result.query)
      return
    case 'webview':
      await openWebView(result.url)
      return
    case 'copy':
      // The modal still explains the link when the clipboard is unavailable.
      await Taro.setClipboardData({ data: result.url }).catch(() => undefined)
      await showModal({ title: '提示', content: COPY_URL_MESSAGE, showCancel: false })
      return
    case 'browser':
      openExternal(result.url)
      return
    case 'miniprogram':
      await openMiniProgram(result).catch(() => navToast('无法打开该小程序'))
      return
    case 'none':
      return
  }
}

export function openLink(url: string | null | undefined) {
  return follow(resolveLink(url, linkContext()))
}
