import Taro from '@tarojs/taro'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * H5: Taro's router writes the navigation-bar title with innerHTML (@tarojs/router, setTitle), so a title that comes
 * from the server (a room, post or streamer name) could run script there (the XSS suite). The bar gets the
 * title with HTML's special characters escaped, which it then shows as the same text; the document title, which is
 * plain text, gets the title itself.
 */
export async function setPageTitle(title: string): Promise<unknown> {
  const result = await Taro.setNavigationBarTitle({ title: title.replace(/[&<>"']/g, (c) => ENTITIES[c]) }).catch(
    () => undefined
  )
  document.title = title
  return result
}
