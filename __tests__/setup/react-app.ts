// Taro's page hooks get React only from createReactApp; test-utils' own createApp uses the Taro 3 router signature,
// so the app runtime is created here once, over the web platform. Node-environment tests (no window) skip it all.

if (typeof window !== 'undefined') {
  // `react` and `react-dom` are Preact's (jest.config.js), as in both builds
  const React = require('react')
  // As the H5 build hands it over (plugin-framework-react's loader for a React 18 API, which preact/compat reports):
  // react-dom/client plus three functions of react-dom.
  const { findDOMNode, render, unstable_batchedUpdates } = require('react-dom')
  const ReactDOM = { ...require('react-dom/client'), findDOMNode, render, unstable_batchedUpdates }
  const { createReactApp } = require('@tarojs/plugin-framework-react/dist/runtime')
  // the h5 project defined it before the runtime loaded (h5.ts); the weapp project's runtime is already loaded
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
