// Stryker's jest (stryker.config.mjs): the H5 project of jest.config.js as a single top-level config, since Stryker's
// per-test coverage wraps the top level's environment and globals, not a project's (the modules it mutates are the
// same on both platforms). It runs the pure rules' own tests only: a page's or a store's test that happens to reach a
// helper would be rerun, reference server and all, for every mutant of that helper, and the score is of what the
// rules' tests prove: none of these starts a server (the chat's and the socket's tests do, so the chat's list,
// sequence and block words, and the backoff, are mutated against their own unit tests only).
const { projects, testTimeout } = require('./jest.config')

const h5 = projects.find((p) => p.displayName === 'h5' || p.displayName?.name === 'h5')

const RULE_TESTS = [
  'utils/*.test.ts',
  'stores/paged-list.test.ts',
  'packageA/like-batcher.test.ts',
  'packageA/chat-list-rules.test.ts',
  'packageA/chat-sequence-rules.test.ts',
  'router/link.test.ts',
  'packageA/player-shared-rules.test.ts',
  'packageA/live-stream-rules.test.ts',
  'ui/overlay.test.ts',
  'core/error-kinds.test.ts',
  'core/cookies.weapp.test.ts',
  'foundation-rules.test.tsx',
  'contract/*.test.ts'
]

module.exports = { ...h5, testTimeout, testMatch: RULE_TESTS.map((t) => `<rootDir>/__tests__/src/${t}`) }
