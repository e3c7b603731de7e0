// Jest over the H5 runtime, with @tarojs/test-utils-react's preset and the repairs Taro 4 needs.
const path = require('path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

const transformer = path.resolve(__dirname, 'node_modules/@tarojs/test-utils-react/dist/jest/babel-transformer.js')

module.exports = defineJestConfig({
  bail: 0,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/__tests__/src/**/*.test.{ts,tsx}'],
  // Platform files: the H5 variant (name.h5.ts) wins, as in the H5 build.
  moduleFileExtensions: ['h5.tsx', 'h5.ts', 'ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
  transform: { '^.+\\.(js|jsx|ts|tsx|mjs|cjs)$': transformer },
  // Keep jest, babel and react out of the transform; everything else (Taro ships ESM) goes through it.
  transformIgnorePatterns: ['/node_modules/(jest-[^/]+|@jest|babel-jest|@babel/core|react-dom|react)/'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    // The ESM entry of the router has an import cycle under jest.
    '^@tarojs/router$': '<rootDir>/node_modules/@tarojs/router/dist/index.cjs.js',
    '\\.(css|scss|sass|less)$': '<rootDir>/__tests__/setup/style-stub.js'
  },
  setupFiles: [
    path.resolve(__dirname, 'node_modules/@tarojs/test-utils-react/dist/jest/jest.setup.js'),
    '<rootDir>/__tests__/setup/env.ts'
  ],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/react-app.ts'],
  testTimeout: 20000
})
