// Jest over Taro's H5 runtime, with @tarojs/test-utils-react's preset and the repairs Taro 4 needs, as two projects
// that differ in which platform file (spec: `name.ts` mini-program, `name.h5.ts` H5) an import resolves to:
//
//   h5     every test file except *.weapp.test.ts(x); `name.h5.ts(x)` wins, and Taro's runtime loads with
//          TARO_PLATFORM=web (__tests__/setup/h5.ts), as in the H5 build.
//   weapp  only *.weapp.test.ts(x); `name.ts(x)` only, never `name.h5.ts(x)`, as in the mini-program build. Its
//          extra setup (__tests__/setup/weapp.ts) installs a recorded `wx` stand-in for the few WeChat calls Taro's
//          H5 implementation lacks (login, getUserProfile, requestPayment, getLaunchOptionsSync), and its default
//          environment uses Node's own fetch (no cookie jar, Set-Cookie visible, like wx.request). Components still
//          render through Taro's H5 component library: the mini-program's differences live in the platform files.
//
// Components render with Preact (preact/compat), as both builds ship them (config/index.ts, framework 'preact'):
// react, react-dom and the JSX runtime resolve to Preact's, exactly as Taro's webpack aliases do.
//
// Both projects share the transform, moduleNameMapper and setup files; `npx jest <file>` runs a file in its own
// project. Global options (timeouts, bail) live at the top level, where jest reads them.
const path = require('path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

const transformer = '<rootDir>/__tests__/setup/transformer.js'
const WEAPP_TEST = '\\.weapp\\.test\\.tsx?$'

/** The settings both projects share; `overrides` is what makes one of them the H5 or the mini-program target. */
function project({ setupFiles = [], setupFilesAfterEnv = [], ...overrides }) {
  const { bail, verbose, testTimeout, ...config } = defineJestConfig({
    testEnvironment: 'jsdom',
    transform: { '^.+\\.(js|jsx|ts|tsx|mjs|cjs)$': transformer },
    // Keep jest, babel and preact (CommonJS builds) out of the transform; everything else (Taro ships ESM) goes through it.
    transformIgnorePatterns: ['/node_modules/(jest-[^/]+|@jest|babel-jest|@babel/core|preact)/'],
    moduleNameMapper: {
      '^@/(.*)$': '<rootDir>/src/$1',
      // The ESM entry of the router has an import cycle under jest.
      '^@tarojs/router$': '<rootDir>/node_modules/@tarojs/router/dist/index.cjs.js',
      // Preact in place of React, as the builds alias it (plugin-framework-react with framework 'preact'); test-utils-react
      // mounts through react-dom/client's createRoot and react-dom/test-utils' act, which are Preact's too.
      '^react$': 'preact/compat',
      '^react-dom$': 'preact/compat',
      '^react-dom/client$': 'preact/compat/client',
      '^react-dom/test-utils$': 'preact/test-utils',
      '^react/jsx-runtime$': 'preact/jsx-runtime',
      '^react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
      // mobx-react-lite's useSyncExternalStore for React < 18: preact/compat's own, as in both builds
      '^use-sync-external-store/shim$': 'preact/compat',
      '\\.(css|scss|sass|less)$': '<rootDir>/__tests__/setup/style-stub.js'
    },
    setupFiles: [
      path.resolve(__dirname, 'node_modules/@tarojs/test-utils-react/dist/jest/jest.setup.js'),
      '<rootDir>/__tests__/setup/env.ts',
      ...setupFiles
    ],
    setupFilesAfterEnv: [
      '<rootDir>/__tests__/setup/react-app.ts',
      '<rootDir>/__tests__/setup/no-stray-network.ts',
      ...setupFilesAfterEnv
    ],
    ...overrides,
    rootDir: __dirname
  })
  void bail
  void verbose
  void testTimeout
  return config
}

module.exports = {
  bail: 0,
  // a test's own waits (waitFor, 120 s for each condition) name what is late; this limit only ends a test that hangs,
  // and tests and hooks keep it rather than name a shorter one. Shorter limits (20 s, then 40 s and 60 s per test and
  // per reference-server start) ran out in CI runs where the jest lane, at its lower priority, waited on the processor
  // while each step was on time
  testTimeout: 400000,
  // no reference server outlives the run (__tests__/setup/reference-servers.js)
  globalSetup: '<rootDir>/__tests__/setup/reference-servers-setup.js',
  globalTeardown: '<rootDir>/__tests__/setup/reference-servers-teardown.js',
  projects: [
    project({
      displayName: 'h5',
      testMatch: ['<rootDir>/__tests__/src/**/*.test.{ts,tsx}'],
      testPathIgnorePatterns: ['/node_modules/', WEAPP_TEST],
      // Platform files: the H5 variant (name.h5.ts) wins, as in the H5 build.
      moduleFileExtensions: ['h5.tsx', 'h5.ts', 'ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
      setupFiles: ['<rootDir>/__tests__/setup/h5.ts']
    }),
    project({
      displayName: 'weapp',
      testMatch: ['<rootDir>/__tests__/src/**/*.weapp.test.{ts,tsx}'],
      // Platform files: the mini-program variant (name.ts); a name.h5.ts is never tried.
      moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
      testEnvironment: '<rootDir>/__tests__/src/support/node-fetch-environment.js',
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/weapp.ts']
    })
  ]
}
