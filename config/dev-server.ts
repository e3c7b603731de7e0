/**
 * The H5 dev server (`npm run dev`, scripts/dev.mjs): webpack-dev-server serves the app under /m2/ with fast refresh
 * and hands every other path the app calls to the reference server, so the page talks to one origin as it does behind
 * `npm start`.
 *
 * DEV_PROXY_TARGET: the reference server's origin (scripts/dev.mjs sets it; default http://127.0.0.1:$PORT or :8080).
 * DEV_PORT: the dev server's port (default 10086, Taro's; a busy port moves to a free one, which Taro prints).
 * HOST: the dev server's address (default 127.0.0.1, this machine only, like the sandbox reference server).
 */

/** Path prefixes the reference server answers (server/app.ts and server/routes/): everything but the app itself. */
const PROXIED_PATHS = [
  '/api', // the REST API (/api/v1/userapp/…, /api/v1/liveapp/…, /api/v1/upload, the QR codes)
  '/live', // /live/api.php, /live/api_mapp.php
  '/mobile', // the mobile API host's /mobile/api/
  '/rank-page', // the statistics host
  '/m2/json', // /m2/json/groups.json: served by the reference server, not part of the build
  '/ws', // chat and pushes (WebSocket)
  '/hls', // playlists and segments
  '/img', // generated placeholder images
  '/upload', // uploads, and the files they make
  '/files',
  '/activity', // activity pages
  '/sandbox', // sandbox payment, JS-SDK and analytics stand-ins
  '/wechat', // the sandbox OAuth redirect
  '/dev' // demo controls (loopback only: the proxy forwards the caller's address in X-Forwarded-For)
]

/** webpack-dev-server's own socket (live reload, hot updates), away from the app's /ws. */
const HMR_SOCKET_PATH = '/__dev-server-ws'

export function devServerOptions(env: Record<string, string | undefined>) {
  const target = env.DEV_PROXY_TARGET || `http://127.0.0.1:${env.PORT || 8080}`
  return {
    host: env.HOST || '127.0.0.1',
    port: Number(env.DEV_PORT || 10086),
    // scripts/dev.mjs prints the address; no browser is opened
    open: false,
    webSocketServer: { type: 'ws' as const, options: { path: HMR_SOCKET_PATH } },
    proxy: [
      {
        context: PROXIED_PATHS,
        target,
        ws: true,
        // the Host stays the dev server's: the reference server builds absolute links (images, playlists, share
        // links) from it and accepts the page's Origin as its own
        changeOrigin: false,
        // X-Forwarded-For carries the browser's address, so /dev/* stays loopback-only when HOST opens the dev server
        xfwd: true,
        logLevel: 'warn' as const
      }
    ]
  }
}
