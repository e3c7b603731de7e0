/*
 * A jsdom page where Taro's runtime runs as in the H5 build, which defines TARO_PLATFORM=web. The h5 jest project
 * does that in its setup (__tests__/setup/h5.ts); the weapp project does not (its runtime loads before
 * __tests__/setup/react-app.ts sets the variable), so the runtime would keep its mini-program document and Taro's
 * H5 router could not mount pages. Used by the tests that start the app over the real router (app-harness.tsx).
 */
const { TestEnvironment } = require('jest-environment-jsdom')

class H5RuntimeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.global.process.env.TARO_PLATFORM = 'web'
  }
}

module.exports = H5RuntimeEnvironment
