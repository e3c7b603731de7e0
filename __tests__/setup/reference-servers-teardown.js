// jest's global teardown: see reference-servers.js
module.exports = require('./reference-servers').teardown
