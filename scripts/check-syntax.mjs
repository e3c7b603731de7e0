#!/usr/bin/env node
// Every script of both builds parses on the oldest engines of config/targets.json (iOS 12 / Safari 12 / Chrome 64):
// ECMAScript 2018 syntax (no `?.`, `??`, `||=`, class fields, optional catch binding…), and no regular expression
// that iOS before 16.4 cannot parse (lookbehind `(?<=`, `(?<!`), in a literal or in a string handed to RegExp. On
// such a phone one of these fails its whole file before a line runs: the mini-program's common.js or the H5 app's
// entry would never start. Exits 1 naming each file, line and what it found.
//   node scripts/check-syntax.mjs [dir…]   (default: dist/weapp dist/h5, the ones that exist)
import { parse } from 'acorn'
import { checkBuilds } from './lib/check-builds.mjs'

const ECMA = 2018
const LOOKBEHIND = /\(\?<[=!]/

/** The problems of one file's source: its syntax at ES2018, and lookbehind in a regex literal or a string. */
function problems(source) {
  const found = []
  const tokens = []
  try {
    parse(source, { ecmaVersion: ECMA, sourceType: 'script', allowHashBang: true, locations: true, onToken: tokens })
  } catch (err) {
    const line = source.split('\n')[(err.loc?.line ?? 1) - 1] ?? ''
    const col = err.loc?.column ?? 0
    found.push(`${err.message} (newer than ES${ECMA}): …${line.slice(Math.max(0, col - 40), col + 40)}…`)
    return found
  }
  for (const t of tokens) {
    const label = t.type.label
    const text =
      label === 'regexp' ? t.value.pattern : label === 'string' || label === 'template' ? String(t.value) : ''
    if (text && LOOKBEHIND.test(text))
      found.push(`line ${t.loc.start.line}: regular expression lookbehind (iOS < 16.4): ${text.slice(0, 80)}`)
  }
  return found
}

checkBuilds(
  'check-syntax',
  ['.js'],
  problems,
  ({ files, bad, dirs }) =>
    `${files} scripts of ${dirs}; ${bad} newer than the targets (ES${ECMA}, no regex lookbehind)`
)
