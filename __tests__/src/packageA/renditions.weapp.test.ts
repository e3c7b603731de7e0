/*
 * The mini-program player's 清晰度 (weapp jest project): the renditions read from a stream's master playlist through
 * the request core, against the reference server's streams, as the player asks for them; a paid stream's token
 * stays on every rendition; a stream of one rendition, a failed answer or a text that is not a playlist gives none
 * (the player then shows no 清晰度).
 */
import { fetchText } from '@/core/request'
import { loadRenditions, parseRenditions } from '@/packageA/components/player/renditions'
import { countRequests, useReferenceServer } from '../support/reference-server'

const server = useReferenceServer()
test('a live room and a playback offer 360P and 720P, each an absolute address of its media playlist', async () => {
  for (const path of ['/hls/live/496/index.m3u8', '/hls/vod/5001/index.m3u8']) {
    const list = await loadRenditions(`${server.origin}${path}`)
    expect(list.map((r) => r.height)).toEqual([360, 720])
    expect(list.map((r) => r.url)).toEqual([
      `${server.origin}${path.replace('index', '360p')}`,
      `${server.origin}${path.replace('index', '720p')}`
    ])
    expect(list[1].bandwidth).toBeGreaterThan(list[0].bandwidth)
    // each plays
    expect(await fetchText(list[1].url)).toMatch(/^#EXTM3U[\s\S]*720p-seg\d+\.ts/)
  }
})

test('a paid playback’s renditions keep its signed token', async () => {
  const detail = await fetch(`${server.origin}/api/v1/userapp/playback/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"id":5004}'
  })
  const source = ((await detail.json()) as { data: { source: string } }).data.source
  const list = await loadRenditions(source)
  expect(list).toHaveLength(2)
  for (const r of list) {
    expect(r.url).toMatch(/\/hls\/vod\/5004\/\d+p\.m3u8\?token=/)
    expect((await fetch(r.url)).status).toBe(200)
  }
})

test('one rendition, a refused stream, or no playlist at all: no choice, nothing thrown', async () => {
  const seen = countRequests(/\.m3u8/)
  try {
    expect(await loadRenditions(`${server.origin}/hls/live/ch11/360p.m3u8`)).toEqual([])
    expect(await loadRenditions(`${server.origin}/hls/vod/5004/index.m3u8`)).toEqual([]) // 403 without its token
    expect(await loadRenditions(`${server.origin}/hls/live/496/nothing.m3u8`)).toEqual([]) // 404
    expect(seen.count).toBe(3)
  } finally {
    seen.restore()
  }
  expect(await loadRenditions('rtmp://example.test/live/1')).toEqual([]) // not HLS: not asked for
  expect(parseRenditions('<html>not a playlist</html>', 'http://h/a.m3u8')).toEqual([])
  expect(parseRenditions('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nno-resolution.m3u8\n', 'http://h/a.m3u8')).toEqual(
    []
  )
})
