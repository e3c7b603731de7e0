#!/usr/bin/env node
// `node scripts/lib/cpu-time.mjs <file> <command> [args…]`: runs the command with this process's standard streams, then
// writes to <file> the processor seconds (user + system) that it and every process under it that was waited for used
// (Linux's cutime + cstime of this process, /proc/self/stat), and exits with the command's code. scripts/test.mjs
// reports each lane's processor time with it: what a lane costs the machine, apart from the time it waits.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const [file, command, ...args] = process.argv.slice(2)
const child = spawn(command, args, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', (code) => {
  // the fields after the command's name: state is the first, cutime the 14th and cstime the 15th, in clock ticks
  // (USER_HZ, 100 on Linux)
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  writeFileSync(file, String((Number(fields[13]) + Number(fields[14])) / 100))
  process.exit(code ?? 1)
})
