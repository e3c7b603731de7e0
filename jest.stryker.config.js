// Stryker's jest (stryker.config.mjs): the H5 project of jest.config.js as a single top-level config, since Stryker's
// per-test coverage wraps the top level's environment and globals, not a project's (the modules it mutates are the
// same on both platforms). The files that start the reference server are left out: each would rerun a server for
// every mutant of a helper it happens to reach, and the pure rules have their own tests. So are the files that name
// their own test environment (a docblock `@jest-environment`), which do not report coverage to Stryker.
const fs = require('fs')
const path = require('path')
const { projects, testTimeout } = require('./jest.config')

const h5 = projects.find((p) => p.displayName === 'h5' || p.displayName?.name === 'h5')

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? testFiles(p) : /\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}
const leftOut = testFiles(path.join(__dirname, '__tests__/src'))
  .filter((f) => /reference-server|child-server|startServer|@jest-environment /.test(fs.readFileSync(f, 'utf8')))
  .map((f) => path.relative(__dirname, f).replace(/[.]/g, '\\.'))

module.exports = { ...h5, testTimeout, testPathIgnorePatterns: [...h5.testPathIgnorePatterns, ...leftOut] }
