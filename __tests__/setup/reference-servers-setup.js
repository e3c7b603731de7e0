// jest's global setup: see reference-servers.js
module.exports = require('./reference-servers').setup
