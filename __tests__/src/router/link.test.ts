import {
  COPY_URL_MESSAGE,
  isWhitelisted,
  lastNumber,
  parseHttpUrl,
  resolveLink,
  webViewUrl,
  whitelistEntry,
  type LinkContext
} from '@/router/link'

const mp: LinkContext = {
  inMiniProgram: true,
  mainHost: 'live.example.test',
  whitelist: ['news.example.test', 'mp.weixin.qq.com', 'short.example.test', '.sub.example.test']
}
const web: LinkContext = { ...mp, inMiniProgram: false }
const main = 'https://live.example.test'

describe('resolveLink: main live host share links', () => {
  test('R2.29 live room for liveid=, /rm/, pages/live/live or page=live', () => {
    for (const url of [
      `${main}/share?liveid=88`,
      `${main}/rm/88`,
      `${main}/m2/packageA/pages/live/live?roomid=88`,
      `${main}/m2/?page=live&roomid=88`
    ]) {
      expect(resolveLink(url, mp)).toEqual({ type: 'page', page: 'live', query: { roomid: '88' } })
    }
  })
  test('R2.30 playback for videoid=, /v/ or page=playback', () => {
    for (const url of [`${main}/play?videoid=12`, `${main}/v/12`, `${main}/m2/?page=playback&id=12`]) {
      expect(resolveLink(url, mp)).toEqual({ type: 'page', page: 'playback', query: { id: '12' } })
    }
  })
  test('R2.31 preview for pages/preview/preview, page=preview or /live/preview', () => {
    for (const url of [
      `${main}/m2/packageA/pages/preview/preview?id=7`,
      `${main}/m2/?page=preview&id=7`,
      `${main}/live/preview/7`
    ]) {
      expect(resolveLink(url, mp)).toEqual({ type: 'page', page: 'preview', query: { id: '7' } })
    }
  })
  test('R2.32 /events opens the event list', () => {
    expect(resolveLink(`${main}/events`, mp)).toEqual({ type: 'page', page: 'list', query: { type: 'event' } })
  })
  test('R2.33 R2.15 page=featured… values open the featured pages, binhu717 maps to hubin', () => {
    expect(resolveLink(`${main}/m2/?page=featuredwuxilcb`, mp)).toEqual({ type: 'page', page: 'wuxilcb', query: {} })
    expect(resolveLink(`${main}/m2/?page=featured-dingshu`, mp)).toEqual({ type: 'page', page: 'dingshu', query: {} })
    expect(resolveLink(`${main}/m2/?page=featured_binhu717`, mp)).toEqual({ type: 'page', page: 'hubin', query: {} })
  })
  test('R2.34 the id is the last number in the URL', () => {
    expect(lastNumber('https://a2.example/x/2026/rm/345?from=9')).toBe('9')
    expect(resolveLink(`${main}/2026/rm/345`, mp)).toEqual({ type: 'page', page: 'live', query: { roomid: '345' } })
    expect(lastNumber('no digits')).toBeUndefined()
  })
  test('R7.6 protocol-relative links of the main host resolve too', () => {
    expect(resolveLink('//live.example.test/rm/5', mp)).toEqual({ type: 'page', page: 'live', query: { roomid: '5' } })
  })
})

describe('resolveLink: main live host links to the app’s own pages', () => {
  const page = (key: string, query: Record<string, string> = {}) => ({ type: 'page', page: key, query })
  test('R2.41 the home menu: each link of the main host whose path is an app route opens that page, not the web view', () => {
    expect(resolveLink(`${main}/m2/pages/list/list?type=live`, web)).toEqual(page('list', { type: 'live' }))
    expect(resolveLink(`${main}/m2/pages/list/list?type=playback`, web)).toEqual(page('list', { type: 'playback' }))
    expect(resolveLink(`${main}/m2/pages/list/list?type=event`, web)).toEqual(page('list', { type: 'event' }))
    expect(resolveLink(`${main}/m2/packageA/featured/wuxilcb/wuxilcb`, web)).toEqual(page('wuxilcb'))
    expect(resolveLink(`${main}/m2/packageB/pages/album/album?id=1`, web)).toEqual(page('album', { id: '1' }))
    expect(resolveLink(`${main}/m2/packageA/pages/timeline/timeline?id=1`, web)).toEqual(page('timeline', { id: '1' }))
    expect(resolveLink(`${main}/m2/packageB/pages/deposit/deposit`, web)).toEqual(page('deposit'))
    expect(resolveLink(`${main}/m2/packageA/pages/playback/playback?id=5005`, mp)).toEqual(
      page('playback', { id: '5005' })
    )
  })
  test('R2.41 with or without /m2/, and by the H5 short paths', () => {
    expect(resolveLink(`${main}/pages/list/list?type=live`, web)).toEqual(page('list', { type: 'live' }))
    expect(resolveLink(`${main}/m2/live?roomid=301`, web)).toEqual(page('live', { roomid: '301' }))
    expect(resolveLink(`${main}/live?roomid=301`, mp)).toEqual(page('live', { roomid: '301' }))
    expect(resolveLink(`${main}/m2/list?type=event`, web)).toEqual(page('list', { type: 'event' }))
    expect(resolveLink(`${main}/m2/binhu717`, web)).toEqual(page('hubin'))
    expect(resolveLink(`${main}/m2/mall/payment?order_id=a%2Fb`, web)).toEqual(page('mallPayment', { order_id: 'a/b' }))
    expect(resolveLink(`${main}/m2/`, web)).toEqual(page('home'))
    expect(resolveLink(`${main}/m2/pages/home/home`, web)).toEqual(page('home'))
  })
  test('R2.35 a path of the main host that is no app route still opens in the web view', () => {
    for (const url of [`${main}/activity/lottery-records`, `${main}/m2/nowhere`, `${main}/livestream`]) {
      expect(resolveLink(url, web)).toEqual({ type: 'webview', url })
    }
    // another host's app-like path is that host's page
    expect(resolveLink('https://news.example.test/m2/live?roomid=1', web).type).toBe('webview')
  })
  test('R2.28 R4.6 a saved redirect of a short path (/live?roomid=301) is the page it names', () => {
    expect(resolveLink('/live?roomid=301', web)).toEqual(page('live', { roomid: '301' }))
    expect(resolveLink('/m2/live?roomid=301', mp)).toEqual(page('live', { roomid: '301' }))
    expect(resolveLink('/v?id=5005', web)).toEqual(page('playback', { id: '5005' }))
  })
})

describe('resolveLink: other links', () => {
  test('R2.35 whitelisted hosts open in the web-view page', () => {
    expect(resolveLink('https://news.example.test/a/1.html', mp)).toEqual({
      type: 'webview',
      url: 'https://news.example.test/a/1.html'
    })
    expect(resolveLink('https://mp.weixin.qq.com/s/abc', mp)).toEqual({
      type: 'webview',
      url: 'https://mp.weixin.qq.com/s/abc'
    })
    expect(resolveLink('https://a.sub.example.test/x', mp)).toEqual({
      type: 'webview',
      url: 'https://a.sub.example.test/x'
    })
    expect(resolveLink(`${main}/about.html`, mp)).toEqual({ type: 'webview', url: `${main}/about.html` })
  })
  test('R2.36 R8.20 other hosts inside the mini-program are copied, with the spec text', () => {
    expect(resolveLink('https://elsewhere.test/x', mp)).toEqual({ type: 'copy', url: 'https://elsewhere.test/x' })
    expect(COPY_URL_MESSAGE).toBe('网址已复制，请在手机浏览器里粘贴该网址~')
  })
  test('R2.37 outside the mini-program the browser navigates', () => {
    expect(resolveLink('http://elsewhere.test/x', web)).toEqual({ type: 'browser', url: 'http://elsewhere.test/x' })
  })
  test('R2.38 a blank URL or # is ignored', () => {
    for (const url of ['', '   ', '#', null, undefined]) expect(resolveLink(url, mp)).toEqual({ type: 'none' })
  })
  test('R2.39 #小程序:// short links and #appId/path open another mini-program', () => {
    expect(resolveLink('#小程序://活动/abcDEF', mp)).toEqual({
      type: 'miniprogram',
      shortLink: '#小程序://活动/abcDEF'
    })
    expect(resolveLink('#wx1234567890abcdef/pages/index/index?x=1', mp)).toEqual({
      type: 'miniprogram',
      appId: 'wx1234567890abcdef',
      path: 'pages/index/index?x=1'
    })
    expect(resolveLink('#wx1234567890abcdef', web)).toEqual({
      type: 'miniprogram',
      appId: 'wx1234567890abcdef',
      path: undefined
    })
  })
  test('internal page paths map to their page', () => {
    expect(resolveLink('/packageA/pages/playback/playback?id=3', mp)).toEqual({
      type: 'page',
      page: 'playback',
      query: { id: '3' }
    })
    expect(resolveLink('pages/list/list?type=live', mp)).toEqual({
      type: 'page',
      page: 'list',
      query: { type: 'live' }
    })
    expect(resolveLink('/m2/packageA/pages/live/live?roomid=496', mp)).toEqual({
      type: 'page',
      page: 'live',
      query: { roomid: '496' }
    })
    expect(resolveLink('/m2/pages/live/live?roomid=496', mp)).toEqual({
      type: 'page',
      page: 'live',
      query: { roomid: '496' }
    })
    expect(resolveLink('/nowhere', mp)).toEqual({ type: 'none' })
  })
  test('whitelist matching is by exact host or a dotted suffix', () => {
    expect(isWhitelisted('NEWS.example.test', ['news.example.test'])).toBe(true)
    expect(isWhitelisted('evilnews.example.test', ['news.example.test'])).toBe(false)
    expect(isWhitelisted('sub.example.test', ['.sub.example.test'])).toBe(true)
  })
})

describe('hosts as a browser parses them (WHATWG URL)', () => {
  const ctx: LinkContext = {
    inMiniProgram: true,
    mainHost: 'live.example.test',
    whitelist: ['good.example.com', '.sub.example.com', 'mp.weixin.qq.com']
  }
  const copied = (url: string) => ({ type: 'copy', url })
  test('R2.35 R2.36 userinfo: the host is what follows the last @, not what comes before a colon', () => {
    expect(resolveLink('https://good.example.com:443@evil.com/', ctx)).toEqual(
      copied('https://good.example.com:443@evil.com/')
    )
    expect(resolveLink('https://good.example.com@evil.com/', ctx)).toEqual(copied('https://good.example.com@evil.com/'))
    // a whitelisted host with user info does not open in the web view either
    expect(resolveLink('https://user:pw@good.example.com/', ctx).type).toBe('copy')
  })
  test('R2.35 R2.36 backslashes are slashes in http(s) URLs', () => {
    expect(resolveLink('https://evil.com\\.sub.example.com/', ctx)).toEqual(
      copied('https://evil.com/.sub.example.com/')
    )
    expect(resolveLink('https:\\\\evil.com', ctx)).toEqual(copied('https://evil.com/'))
    expect(resolveLink('\\\\evil.com/x', ctx)).toEqual(copied('https://evil.com/x'))
    expect(resolveLink('https://good.example.com\\@evil.com', ctx)).toEqual({
      type: 'webview',
      url: 'https://good.example.com/@evil.com'
    })
  })
  test('R2.35 ports, case, percent-encodings, IDN and whitespace', () => {
    expect(resolveLink('HTTPS://GOOD.Example.COM:8443/A', ctx)).toEqual({
      type: 'webview',
      url: 'https://good.example.com:8443/A'
    })
    expect(resolveLink('https://%67ood.example.com/', ctx)).toEqual({
      type: 'webview',
      url: 'https://good.example.com/'
    })
    expect(resolveLink('https://ｇｏｏｄ.example.com/', ctx)).toEqual({
      type: 'webview',
      url: 'https://good.example.com/'
    })
    expect(resolveLink(' https://go\tod.example.com/\n', ctx)).toEqual({
      type: 'webview',
      url: 'https://good.example.com/'
    })
    expect(resolveLink('https://evil.com%2esub.example.com/', ctx)).toEqual({
      type: 'webview',
      url: 'https://evil.com.sub.example.com/'
    })
    expect(resolveLink('https://evil.com%2fsub.example.com/', ctx)).toEqual({ type: 'none' }) // no valid host
    expect(resolveLink('https://gооd.example.com/', ctx)).toEqual(copied('https://xn--gd-fmca.example.com/')) // Cyrillic о
    expect(resolveLink('https://xn--gd-fmca.sub.example.com/', ctx).type).toBe('copy') // an IDN label under a dotted entry
    expect(resolveLink('https://good.example.com.evil.com/', ctx).type).toBe('copy')
    expect(resolveLink('https://good.example.com./', ctx).type).toBe('copy')
  })
  test('R2.35 R2.38 javascript:, data: and other schemes are never followed', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript://good.example.com/%0aalert(1)',
      ' java\nscript:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://good.example.com/'
    ]) {
      expect(resolveLink(url, ctx)).toEqual({ type: 'none' })
    }
  })
  test('R2.35 the web view and the page get the URL as the parser writes it, the one that was checked', () => {
    expect(webViewUrl('https://good.example.com/a b?q=中', ctx)).toBe('https://good.example.com/a%20b?q=%E4%B8%AD')
    expect(webViewUrl('//a.sub.example.com/x', ctx)).toBe('https://a.sub.example.com/x')
    expect(webViewUrl('https://live.example.test/activity/x', ctx)).toBe('https://live.example.test/activity/x')
    expect(webViewUrl('/activity/x', ctx)).toBeNull()
  })
  test('R2.35 whitelist entries are read as hosts: case, scheme, port and a leading dot; IPs match exactly', () => {
    expect(isWhitelisted('news.example.test', [' NEWS.Example.test '])).toBe(true)
    expect(isWhitelisted('news.example.test', ['https://news.example.test:8443/'])).toBe(true)
    expect(isWhitelisted('a.b.example.test', ['.example.test'])).toBe(true)
    expect(isWhitelisted('example.test', ['.example.test'])).toBe(true)
    expect(isWhitelisted('badexample.test', ['.example.test'])).toBe(false)
    expect(isWhitelisted('127.0.0.1', ['.0.0.1'])).toBe(false)
    expect(isWhitelisted('127.0.0.1', ['127.0.0.1'])).toBe(true)
    expect(isWhitelisted('', ['', '.'])).toBe(false)
  })
})

describe('link parsing at its edges', () => {
  const ctx: LinkContext = {
    inMiniProgram: true,
    mainHost: 'live.example.test',
    whitelist: ['news.example.test', '.sub.example.test']
  }
  test('R7.6 protocol-relative: leading controls and spaces, and tabs or newlines anywhere, are ignored as the parser ignores them', () => {
    expect(parseHttpUrl('  //evil.test/x')?.href).toBe('https://evil.test/x')
    expect(parseHttpUrl('\u0001\u0002//evil.test/x')?.href).toBe('https://evil.test/x')
    expect(parseHttpUrl('/\t/evil.test/x')?.href).toBe('https://evil.test/x')
    expect(parseHttpUrl('/\n/evil.test/x')?.href).toBe('https://evil.test/x')
    // only two slashes at the start make a link protocol-relative: a space between them, or slashes further on, do not
    expect(parseHttpUrl('/ /evil.test/x')).toBeNull()
    expect(parseHttpUrl('a//evil.test/x')).toBeNull()
    expect(parseHttpUrl('pages//list')).toBeNull()
    // two slashes before a host no parser accepts
    expect(parseHttpUrl('//a b/x')).toBeNull()
    expect(resolveLink('/ /evil.test/x', ctx)).toEqual({ type: 'none' })
  })

  test('R2.35 whitelist entries: user info, other schemes and a port after a host', () => {
    expect(whitelistEntry('user@news.example.test')).toBeNull()
    expect(whitelistEntry('user:pw@news.example.test')).toBeNull()
    expect(whitelistEntry(':pw@news.example.test')).toBeNull()
    expect(whitelistEntry('ftp://news.example.test')).toBeNull()
    expect(whitelistEntry('   ')).toBeNull()
    // a host starting with a digit is a host, not a scheme, even with a port
    expect(whitelistEntry('1a.example.test:443')).toEqual({ host: '1a.example.test', subdomains: false })
    expect(whitelistEntry('.news.example.test')).toEqual({ host: 'news.example.test', subdomains: true })
    expect(whitelistEntry('news.example.test')).toEqual({ host: 'news.example.test', subdomains: false })
  })

  test('R2.35 an entry without a leading dot is that host only; entries that are no host are skipped', () => {
    expect(isWhitelisted('a.news.example.test', ['news.example.test'])).toBe(false)
    expect(isWhitelisted('news.example.test', ['', 'ftp://x.test', 'news.example.test'])).toBe(true)
    expect(isWhitelisted('evil.test', ['', 'ftp://evil.test'])).toBe(false)
  })

  test('R2.35 an IP address entry with a leading dot matches that address only, IPv4 and IPv6 alike', () => {
    expect(isWhitelisted('a.10.20.30.40', ['.10.20.30.40'])).toBe(false)
    expect(isWhitelisted('10.20.30.40', ['.10.20.30.40'])).toBe(true)
    expect(isWhitelisted('a.[::1]', ['.[::1]'])).toBe(false)
    expect(isWhitelisted('[::1]', ['.[::1]'])).toBe(true)
    // a host name that starts with numbers is a name: its subdomains match
    expect(isWhitelisted('a.1.2.3.4.example.test', ['.1.2.3.4.example.test'])).toBe(true)
  })

  test('R2.35 no label a subdomain adds may be internationalized, wherever it stands', () => {
    expect(isWhitelisted('a.xn--p1ai.sub.example.test', ['.sub.example.test'])).toBe(false)
    expect(isWhitelisted('xn--p1ai.a.sub.example.test', ['.sub.example.test'])).toBe(false)
    expect(isWhitelisted('abcdefgh.xn--p1ai.ab.test', ['.ab.test'])).toBe(false)
    expect(isWhitelisted('a.b.sub.example.test', ['.sub.example.test'])).toBe(true)
  })

  test('R2.35 the web view opens nothing for no link', () => {
    expect(webViewUrl(null, ctx)).toBeNull()
    expect(webViewUrl(undefined, ctx)).toBeNull()
    expect(webViewUrl('  https://news.example.test/a  ', ctx)).toBe('https://news.example.test/a')
  })

  test('R2.33 an unknown featured page of the main host is not a page of its own', () => {
    expect(resolveLink(`${main}/m2/?page=featuredunknown`, mp)).toEqual({ type: 'page', page: 'home', query: {} })
  })

  test('R2.32 /events is the event list only as a whole path segment', () => {
    expect(resolveLink(`${main}/events/2026`, mp)).toEqual({ type: 'page', page: 'list', query: { type: 'event' } })
    expect(resolveLink(`${main}/events?x=1`, mp)).toEqual({ type: 'page', page: 'list', query: { type: 'event' } })
    expect(resolveLink(`${main}/eventsx`, mp)).toEqual({ type: 'webview', url: `${main}/eventsx` })
  })

  test('R2.41 a path query: empty parts skipped, a value without = is empty, a malformed escape kept as written', () => {
    expect(resolveLink('/live?roomid=301&&from=share&', mp)).toEqual({
      type: 'page',
      page: 'live',
      query: { roomid: '301', from: 'share' }
    })
    expect(resolveLink('/live?roomid=301&flag', mp)).toEqual({
      type: 'page',
      page: 'live',
      query: { roomid: '301', flag: '' }
    })
    expect(resolveLink('/live?roomid=%E0%A4%A', mp)).toEqual({
      type: 'page',
      page: 'live',
      query: { roomid: '%E0%A4%A' }
    })
    expect(resolveLink(`${main}/m2/live?roomid=%E0%A4%A&x=%41`, mp)).toEqual({
      type: 'page',
      page: 'live',
      query: { roomid: '%E0%A4%A', x: 'A' }
    })
    expect(resolveLink('/packageB/pages/deposit/deposit', mp)).toEqual({ type: 'page', page: 'deposit', query: {} })
  })

  test('R2.28 a path is trimmed; m2/ is dropped only at its start, with or without its slash', () => {
    expect(resolveLink('  /live?roomid=301  ', mp)).toEqual({ type: 'page', page: 'live', query: { roomid: '301' } })
    expect(resolveLink('m2/live?roomid=301', mp)).toEqual({ type: 'page', page: 'live', query: { roomid: '301' } })
    expect(resolveLink('/pages/list/m2/list', mp)).toEqual({ type: 'none' })
    expect(resolveLink('/m2x/live', mp)).toEqual({ type: 'none' })
  })

  test('R2.29 a share path of the main host counts only when the link is a path from the root', () => {
    expect(resolveLink('/rm/88', mp)).toEqual({ type: 'page', page: 'live', query: { roomid: '88' } })
    expect(resolveLink('share/rm/88', mp)).toEqual({ type: 'none' })
  })

  test('R2.39 an appId is 16 characters after wx, at the start of the link only', () => {
    expect(resolveLink('#wx1234567890abcdefg', mp)).toEqual({ type: 'none' })
    expect(resolveLink('#wx1234567890abcdef:pages/a/a', mp)).toEqual({
      type: 'miniprogram',
      appId: 'wx1234567890abcdef',
      path: 'pages/a/a'
    })
    expect(resolveLink('https://elsewhere.test/#wx1234567890abcdef', mp)).toEqual({
      type: 'copy',
      url: 'https://elsewhere.test/#wx1234567890abcdef'
    })
    expect(resolveLink('#top', mp)).toEqual({ type: 'none' })
  })

  test('R2.29 R2.35 share paths count on the main host only; without a main host nothing is one', () => {
    expect(resolveLink('https://elsewhere.test/rm/5', mp)).toEqual({ type: 'copy', url: 'https://elsewhere.test/rm/5' })
    expect(resolveLink('https://news.example.test/rm/5', mp)).toEqual({
      type: 'webview',
      url: 'https://news.example.test/rm/5'
    })
    const noMain: LinkContext = { ...mp, mainHost: '' }
    expect(resolveLink('https://news.example.test/rm/5', noMain)).toEqual({
      type: 'webview',
      url: 'https://news.example.test/rm/5'
    })
    expect(resolveLink(`${main}/rm/5`, noMain)).toEqual({ type: 'copy', url: `${main}/rm/5` })
  })
})
