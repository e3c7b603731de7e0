// Taro's page hooks get React only from createReactApp; test-utils' own createApp uses the Taro 3 router signature,
// so the app runtime is created here once, over the web platform.
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import { createReactApp } from '@tarojs/plugin-framework-react/dist/runtime'

process.env.TARO_PLATFORM = 'web'
;(globalThis as unknown as { defineAppConfig: (c: unknown) => unknown }).defineAppConfig = (c) => c
;(globalThis as unknown as { definePageConfig: (c: unknown) => unknown }).definePageConfig = (c) => c
createReactApp(function App(props: { children?: React.ReactNode }) {
  return React.createElement(React.Fragment, null, props.children)
} as unknown as React.ComponentClass, React, ReactDOM, { pages: [], routes: [] } as never)

// The H5 build gives Taro its navigation APIs from @tarojs/router (Taro's api-loader); do the same here.
import Taro from '@tarojs/taro'
import * as router from '@tarojs/router'

const taro = Taro as unknown as Record<string, unknown>
const routerApis = router as unknown as Record<string, unknown>
for (const name of ['switchTab', 'navigateTo', 'redirectTo', 'navigateBack', 'reLaunch', 'getCurrentPages']) {
  if (typeof taro[name] !== 'function') taro[name] = routerApis[name]
}
