// The README's Configuration table, written from the declaration in config/env.ts between the config markers:
// `npm run docs:config`. __tests__/src/config-docs.test.ts fails while the README and the declaration differ.
import { readFileSync, writeFileSync } from 'fs'
import path from 'path'
import { CONFIG, type EnvVarSpec } from '../config/env'

const START = '<!-- config:start (npm run docs:config writes this table from config/env.ts) -->'
const END = '<!-- config:end -->'

/** One row per variable, in declaration order. */
export function configTable(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|')
  const rows = Object.entries(CONFIG).map(([name, v]: [string, EnvVarSpec]) => {
    const shown = v.defaultMeans ?? (v.default === '' ? '(none)' : `\`${v.default}\``)
    return `| \`${name}\` | ${v.type} | ${cell(v.description)} | ${cell(shown)} |`
  })
  return ['| variable | kind | meaning | default |', '| --- | --- | --- | --- |', ...rows].join('\n')
}

/** The table now between the markers of a README. */
export function readmeConfigTable(readme: string): string {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`)
  return readme.slice(start + START.length, end).trim()
}

/** The README with the table between its markers replaced by the declaration's. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(START) + START.length
  readmeConfigTable(readme)
  return `${readme.slice(0, start)}\n${configTable()}\n${readme.slice(readme.indexOf(END))}`
}

export const README = path.resolve(__dirname, '..', 'README.md')

if (require.main === module) {
  const before = readFileSync(README, 'utf8')
  const after = withConfigTable(before)
  if (after !== before) writeFileSync(README, after)
  console.log(
    after === before ? 'README.md: the Configuration table is up to date' : 'README.md: Configuration table written'
  )
}
