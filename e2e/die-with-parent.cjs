// Preloaded into a reference server started by the tests (e2e/child-server.ts: `node --require
// e2e/die-with-parent.cjs …`): the server goes when the process that started it goes, even one killed with SIGKILL
// (a jest worker at its timeout, a killed test run), which runs no exit handler of its own. Two signs, either is
// enough: the pipe the parent holds on the child's stdin reaches its end, or the child's parent process changes
// (it was reparented). The server then gets the SIGTERM it shuts down on (server/start.ts), and exits a few seconds
// later whatever happens.
'use strict'

const { isMainThread } = require('node:worker_threads')

// node runs preloads in a module loader's thread too (tsx's hooks): only the process's main thread watches
if (isMainThread) {
  const parent = process.ppid

  const parentGone = () => {
    clearInterval(watch)
    process.kill(process.pid, 'SIGTERM')
    setTimeout(() => process.exit(0), 5000).unref()
  }

  const watch = setInterval(() => {
    if (process.ppid !== parent) parentGone()
  }, 500)
  watch.unref()

  if (process.env.DIE_WITH_PARENT_STDIN === '1') {
    process.stdin.on('end', parentGone)
    process.stdin.on('error', parentGone)
    process.stdin.resume()
  }
}
