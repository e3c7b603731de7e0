#!/usr/bin/env node
// Prints the mini-program package sizes of dist/weapp and fails when one is over its budget (budgets.json).
// A package is its folder (packageA/, packageB/); the main package is everything else. KB = 1024 bytes.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8'))
// WEAPP_DIST: another build (the benchmark's figures before a change)
const dist = process.env.WEAPP_DIST || join(root, 'dist/weapp')
const SUBPACKAGES = ['packageA', 'packageB']
const IGNORED = new Set(['project.config.json', 'project.private.config.json'])

function size(dir) {
  let total = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    total += e.isDirectory() ? size(p) : e.name.endsWith('.map') ? 0 : statSync(p).size
  }
  return total
}

export function weappSizes() {
  if (!existsSync(join(dist, 'app.json')))
    throw new Error('dist/weapp/app.json is missing: run npm run build:weapp first')
  const sizes = { main: 0 }
  for (const e of readdirSync(dist, { withFileTypes: true })) {
    const p = join(dist, e.name)
    if (SUBPACKAGES.includes(e.name)) sizes[e.name] = size(p)
    else if (!IGNORED.has(e.name))
      sizes.main += e.isDirectory() ? size(p) : e.name.endsWith('.map') ? 0 : statSync(p).size
  }
  return sizes
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false
  const sizes = weappSizes()
  for (const [name, bytes] of Object.entries(sizes)) {
    const kb = bytes / 1024
    const budget = budgets.weapp[name]
    const over = budget !== undefined && kb > budget
    failed ||= over
    console.log(
      `mini-program ${name.padEnd(9)} ${kb.toFixed(1).padStart(8)} KB  (budget ${budget} KB)${over ? '  OVER BUDGET' : ''}`
    )
  }
  if (failed) {
    console.error('A mini-program package is over its budget: WeChat rejects packages over 2048 KB.')
    process.exit(1)
  }
}
