// What the build checks (check-syntax, check-css) share: the builds to read (the directories named on the command
// line, else dist/weapp and dist/h5, the ones that exist), every file of theirs with given endings, and the report:
// each file with a problem named with its problems, then one summary line; the exit code is 1 when a file had any.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname

function* filesOf(dir, endings) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) yield* filesOf(full, endings)
    else if (endings.some((e) => name.endsWith(e))) yield full
  }
}

/**
 * Runs `problems(source, file)` (a list of texts; may be async) over every file ending in one of `endings` of the
 * builds, prints each file that has any, then `summary({ files, bad, dirs })`, and exits.
 */
export async function checkBuilds(name, endings, problems, summary) {
  const dirs = (process.argv.length > 2 ? process.argv.slice(2) : ['dist/weapp', 'dist/h5'])
    .map((d) => join(root, d))
    .filter((d) => existsSync(d))
  if (!dirs.length) {
    console.error(`${name}: no build to check (npm run build:weapp / build:h5 first)`)
    process.exit(1)
  }
  let files = 0
  let bad = 0
  for (const dir of dirs)
    for (const file of filesOf(dir, endings)) {
      files++
      const list = await problems(readFileSync(file, 'utf8'), file)
      if (!list.length) continue
      bad++
      console.error(`✗ ${relative(root, file)}`)
      for (const p of list) console.error(`    ${p}`)
    }
  console.log(`${name}: ${summary({ files, bad, dirs: dirs.map((d) => relative(root, d)).join(', ') })}`)
  process.exit(bad ? 1 : 0)
}
