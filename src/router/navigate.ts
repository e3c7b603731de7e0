import Taro from '@tarojs/taro'
import { env } from '@/env'
import { hostName, resolveHosts } from '@/core/hosts'
import { pageOrigin } from '@/platform/origin'
import { inMiniProgram } from '@/platform/current'
import { loadWhatwgURL, whatwgURLLoaded } from '@/platform/url'
import { openExternal, openMiniProgram } from '@/platform/external'
import { hideAllOverlays, navToast, showModal } from '@/ui/overlay'
import { TIMEOUT_MESSAGE } from '@/utils/errors'
import { navigationMethod } from './depth'
import { COPY_URL_MESSAGE, resolveLink, webViewUrl, type LinkContext, type LinkResult } from './link'
import { PAGE_PATHS, buildUrl, isTabKey, type PageKey } from './pages'

/** The messaging platform's article host is always allowed in the web view (spec R2.35). */
export const ARTICLE_HOST = 'mp.weixin.qq.com'

function hostList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * The link router's context (spec R2.35): the main live host (its share links map to pages, its other pages open in
 * the web view), and the whitelist: the messaging platform's article host, the broadcaster's hosts
 * (TARO_APP_WHITELIST) and its short-link host (TARO_APP_SHORT_LINK_HOST).
 */
export function linkContext(): LinkContext {
  const hosts = resolveHosts(env, pageOrigin())
  return {
    inMiniProgram,
    mainHost: hostName(hosts.live),
    whitelist: [ARTICLE_HOST, ...hostList(env.TARO_APP_WHITELIST), ...hostList(env.TARO_APP_SHORT_LINK_HOST)]
  }
}

/**
 * Open a page by key; tab pages switch tab, a stack deeper than 9 replaces the current page (spec R2.40), and
 * `replace` replaces it always (a page that hands over to another).
 */
export async function openPage(
  page: PageKey,
  query: Record<string, string | number | undefined> = {},
  replace = false
) {
  hideAllOverlays()
  const tab = isTabKey(page)
  const url = tab ? PAGE_PATHS[page] : buildUrl(PAGE_PATHS[page], query)
  const method = navigationMethod(tab, Taro.getCurrentPages().length)
  if (method === 'switchTab') return Taro.switchTab({ url })
  if (method === 'redirectTo' || replace) return Taro.redirectTo({ url })
  return Taro.navigateTo({ url })
}

/**
 * Open the web-view page (spec R2.19). The URL is percent-encoded once, by buildUrl; Taro hands the page its query
 * values as they stand in the URL on both targets (H5: @tarojs/router parses location.search with decode: false;
 * the mini-program: WeChat's onLoad query, passed on by @tarojs/runtime untouched), so the page decodes once
 * (webPageUrl).
 */
export function openWebView(url: string, options: { refreshOnShow?: boolean; replace?: boolean } = {}) {
  return openPage('web', { url, refresh_on_show: options.refreshOnShow ? 1 : undefined }, options.replace)
}

/**
 * What the web-view page opens for its `url` query value (spec R2.19, R2.35): decoded once, then only an http(s) URL
 * whose host is the live host or on the whitelist, else null (the page shows its error state; copying a foreign
 * link is the link router's job, R2.36).
 */
export function webPageUrl(param: string | undefined): string | null {
  if (!param) return null
  let url: string
  try {
    url = decodeURIComponent(param)
  } catch {
    return null
  }
  return webViewUrl(url, linkContext())
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

/**
 * Follow a link (spec R2.29–R2.39). In the mini-program the URL parser is loaded the first time (src/platform/url.ts);
 * when it cannot be, the link is not followed and the viewer is told the network failed (R8.6).
 */
export function openLink(url: string | null | undefined): Promise<void> {
  if (!whatwgURLLoaded()) {
    return loadWhatwgURL().then(
      () => openLink(url),
      () => void navToast(TIMEOUT_MESSAGE)
    )
  }
  return follow(resolveLink(url, linkContext()))
}
