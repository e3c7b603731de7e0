// Taro's page hooks get React only from createReactApp; test-utils' own createApp uses the Taro 3 router signature,
// so the app runtime is created here once, over the web platform. Node-environment tests (no window) skip it all.
/* eslint-disable @typescript-eslint/no-var-requires */
if (typeof window !== 'undefined') {
  const React = require('react')
  const ReactDOM = require('react-dom')
  const { createReactApp } = require('@tarojs/plugin-framework-react/dist/runtime')
  process.env.TARO_PLATFORM = 'web'
  const g = globalThis as unknown as Record<string, unknown>
  g.defineAppConfig = (c: unknown) => c
  g.definePageConfig = (c: unknown) => c
  createReactApp(
    function App(props: { children?: unknown }) {
      return React.createElement(React.Fragment, null, props.children)
    },
    React,
    ReactDOM,
    { pages: [], routes: [] }
  )

  // The H5 build gives Taro its navigation APIs from @tarojs/router (Taro's api-loader); do the same here.
  const Taro = require('@tarojs/taro').default as Record<string, unknown>
  const router = require('@tarojs/router') as Record<string, unknown>
  for (const name of ['switchTab', 'navigateTo', 'redirectTo', 'navigateBack', 'reLaunch', 'getCurrentPages']) {
    if (typeof Taro[name] !== 'function') Taro[name] = router[name]
  }
}

export {}
