// Loaded (`--import`) into every test file's process that scripts/node-tests.mjs starts, when scripts/test.mjs counts
// its lane's processor time in a control group (TEST_CPU_GROUP): the file's process moves into a group of its own
// inside the lane's, so that the file's processor time, the servers and browsers it starts included, can be read when
// the lane ends (node-tests.mjs writes them beside the lane's TAP, .test-results/<lane>.cpu.txt).
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const group = process.env.TEST_CPU_GROUP
const file = process.argv[1]
if (group && file && process.env.NODE_TEST_CONTEXT) {
  try {
    const dir = join(group, basename(file))
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'cgroup.procs'), String(process.pid))
  } catch {
    // no group for this file: its time stays counted in the lane's
  }
}
