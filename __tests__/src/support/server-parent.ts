/*
 * A parent process for __tests__/src/reference-server-lifetime.test.ts: it starts a reference server as the tests do
 * (e2e/child-server.ts), prints `server <pid>` and then only waits, to be killed by the test.
 */
import { startChildServer } from '../../../e2e/child-server'

void startChildServer().then((server) => {
  process.stdout.write(`server ${server.pid}\n`)
  setInterval(() => undefined, 60_000)
})
