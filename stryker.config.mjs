// Mutation testing of the client's pure rules (`npm run mutate`, docs/testing.md): Stryker changes one operator,
// condition or literal at a time in the modules below and runs the jest tests that cover it; a mutant no test notices
// "survives". Not part of CI (it takes many minutes): the score and the survivors that matter are in docs/testing.md.
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.stryker.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/utils/*.ts',
    'src/stores/paged-list.ts',
    'src/packageA/components/interact/like-batcher.ts',
    'src/packageA/components/danmaku/chat-sequence.ts',
    'src/packageA/components/danmaku/chat-list.ts',
    'src/packageA/components/danmaku/block-word.ts',
    'src/router/link.ts',
    'contract/check.ts'
  ],
  // the sandbox copies what jest needs, not the builds, the server's data or the browser tests
  ignorePatterns: ['dist', 'server/data', 'bench', 'weapp-sim', '.test-results', 'coverage', 'reports'],
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  // a second run retests only the mutants whose code or tests changed
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json'
}
