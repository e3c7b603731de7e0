// ESLint (flat config): typescript-eslint with type information, the rules of hooks, import rules; Prettier owns the
// formatting (eslint-config-prettier turns the rules it would fight off). `npm run lint` runs it with no warning allowed.
import comments from '@eslint-community/eslint-plugin-eslint-comments'
import esX from 'eslint-plugin-es-x'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The built-ins newer than the targets (config/targets.json: iOS 12, Safari 12, Chrome 64, which have ECMAScript 2018's
 * library): every rule of eslint-plugin-es-x for what came after it, but those for syntax that Babel compiles down to the
 * targets in both builds. A dependency's newer built-ins are polyfilled where it uses them (config/compile-deps.ts);
 * the app's own code writes only what the targets have, so nothing is polyfilled for it.
 */
const COMPILED_SYNTAX = new Set(
  [
    'json-superset',
    'optional-catch-binding',
    'dynamic-import',
    'export-ns-from',
    'import-meta',
    'nullish-coalescing-operators',
    'optional-chaining',
    'logical-assignment-operators',
    'numeric-separators',
    'arbitrary-module-namespace-names',
    'class-instance-fields',
    'class-private-fields',
    'class-private-methods',
    'class-static-block',
    'class-static-fields',
    'private-in',
    'top-level-await',
    'hashbang',
    'dynamic-import-options',
    'import-attributes',
    'json-modules',
    'trailing-dynamic-import-commas',
    'using-declarations',
    // an Error's `cause` option is ignored where it is not known: nothing fails
    'error-cause'
  ].map((name) => `es-x/no-${name}`)
)
const newerBuiltIns = Object.fromEntries(
  Object.keys(esX.configs)
    .filter((name) => /^flat\/no-new-in-es(20(19|2\d)|next)$/.test(name))
    .flatMap((name) => Object.keys(esX.configs[name].rules))
    .filter((rule) => !COMPILED_SYNTAX.has(rule) && !/^es-x\/no-regexp-unicode-property-escapes/.test(rule))
    .map((rule) => [rule, 'error'])
)

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'server/fixtures/**',
      'server/data/**',
      'coverage/**',
      // Stryker's sandboxes and reports (npm run mutate)
      '.stryker-tmp/**',
      'reports/**',
      'bench/results.json',
      '**/*.d.ts'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // each file is typed by the tsconfig that compiles it: the client's, or the server's (with its tests and tools)
        project: ['./tsconfig.json', './server/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname
      },
      globals: { ...globals.node }
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, '@eslint-community/eslint-comments': comments },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/first': 'error',
      'import-x/no-mutable-exports': 'error',
      // an eslint-disable comment says why on the same line (`// eslint-disable-next-line rule -- reason`)
      '@eslint-community/eslint-comments/require-description': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }
      ],
      // a JSX handler may return a promise (the view ignores it); a promise anywhere else that expects nothing back is a bug
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // an async function without an await is how a promise-returning interface is met (Fastify's handlers, test cases)
      '@typescript-eslint/require-await': 'off'
    }
  },
  {
    // the app, and the H5 build's stand-ins for parts of Taro (config/stubs), run in the page
    files: ['src/**/*.{ts,tsx}', 'config/stubs/**'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    // what runs on the phone (the app, the contract's code it bundles, the H5 build's stand-ins) uses only the built-ins
    // of the targets' oldest engines; queueMicrotask is the browser's (iOS 12.2, Chrome 71), not the language's
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts', 'config/stubs/**'],
    plugins: { 'es-x': esX },
    rules: {
      ...newerBuiltIns,
      'no-restricted-globals': [
        'error',
        { name: 'queueMicrotask', message: 'iOS 12.0 and Chrome 64 have no queueMicrotask: Promise.resolve().then()' },
        { name: 'structuredClone', message: 'iOS 12 and Chrome 64 have no structuredClone' }
      ]
    }
  },
  {
    // the H5 build drops the WeUI icon font these draw with (config/stubs/taro-components.css)
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tarojs/components',
              importNames: ['Checkbox', 'CheckboxGroup', 'Radio', 'RadioGroup', 'Icon'],
              message: 'The H5 build has no WeUI icon font for these (config/stubs/taro-components.css).'
            }
          ]
        }
      ]
    }
  },
  {
    // node:test's test() and describe() return promises the runner itself awaits
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }]
        }
      ]
    }
  },
  {
    // The server reads request payloads that its validator has checked but the compiler sees as unknown, the build
    // config hands webpack-chain's untyped objects around, and tests and
    // tools read JSON answers: the no-unsafe-* rules (any flowing on) are off there. In the shipped client they hold.
    files: ['server/**', 'config/**', '__tests__/**', 'e2e/**', 'bench/**', 'weapp-sim/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off'
    }
  },
  {
    // tests and tools print what sockets and headers hand them (Buffers, header values) with String()
    files: ['__tests__/**', 'e2e/**', 'bench/**', 'weapp-sim/**'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' }
  },
  {
    // jest: useReferenceServer() is a per-file fixture (beforeAll/afterAll), not a React hook; require() loads a module
    // afresh inside jest.isolateModules
    files: ['__tests__/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      // WeChat's APIs fail with { errMsg } objects, which the stand-ins imitate; jest.mocked(Taro.x) reads a method
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/unbound-method': 'off'
    }
  },
  {
    // plain JavaScript configuration files: no type information
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    // the simulator hands WeChat's globals functions that its own methods must reach from under another `this`
    files: ['weapp-sim/**'],
    rules: { '@typescript-eslint/no-this-alias': 'off' }
  },
  prettier
)
