// react-dom/test-utils with React's own act. @tarojs/test-utils-react mounts and unmounts through
// `require('react-dom/test-utils').act`, which React 18.3 deprecates with a console.error on every file; React.act is
// the same function without the warning. jest.config.js maps `react-dom/test-utils` here (this file requires the
// real module by path, which the mapping does not catch).
const path = require('path')
const React = require('react')
const testUtils = require(path.join(path.dirname(require.resolve('react-dom/package.json')), 'test-utils.js'))

module.exports = { ...testUtils, act: React.act }
