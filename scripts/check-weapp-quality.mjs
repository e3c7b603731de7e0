#!/usr/bin/env node
// WeChat's own code-quality check (miniprogram-ci `checkCodeQuality`, offline) over the built mini-program
// (`dist/weapp`, through project.config.json): prints every item and exits 1 when any fails.
// The check reads the project locally and asks no server, so it needs no real upload key: the placeholder below only
// satisfies the constructor.
import { existsSync } from 'node:fs'
import ci from 'miniprogram-ci'

const root = new URL('..', import.meta.url).pathname
if (!existsSync(new URL('../dist/weapp/app.json', import.meta.url))) {
  console.error('dist/weapp is missing: run npm run build:weapp first')
  process.exit(1)
}
const project = new ci.Project({
  appid: process.env.TARO_APP_MP_APPID || 'touristappid',
  type: 'miniProgram',
  projectPath: root,
  privateKey: 'offline-check-needs-no-key',
  ignores: ['node_modules/**/*']
})
const items = await ci.checkCodeQuality(project)
let failed = 0
for (const item of items) {
  if (!item.success) failed++
  console.log(`${item.success ? 'pass' : 'FAIL'}  ${item.name}${item.success ? '' : `: ${item.text}`}`)
}
console.log(`WeChat code quality: ${items.length - failed} of ${items.length} items pass`)
process.exit(failed ? 1 : 0)
