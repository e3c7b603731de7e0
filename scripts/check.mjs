#!/usr/bin/env node
// `node scripts/check.mjs [types] [lint]`: TypeScript's type check and ESLint in one process, over one set of
// TypeScript programs.
//   types  what `tsc -p <tsconfig> --noEmit` reports, for each tsconfig ESLint's configuration types files with
//          (`parserOptions.project` in eslint.config.mjs: the client's and the server's)
//   lint   `eslint . --max-warnings 0`: every file ESLint's configuration takes, no error and no warning allowed
// Both (`.ci/run`): typescript-eslint is handed the programs the type check built and checked (its `programs`
// option) instead of building its own from the same tsconfigs, so the files are parsed and bound once and the types
// its rules ask for are already known: measured on the project's 2-core machine, the two `tsc` runs and ESLint apart
// took 80 + 117 processor-s, together here 94. `npm run typecheck` runs `types`, `npm run lint` runs `lint`.
// Run from the project's root (or another directory with its own eslint.config.mjs and tsconfigs); exit code 1 when
// anything was found.
import { resolve } from 'node:path'

const steps = new Set(process.argv.slice(2))
const unknown = [...steps].filter((s) => s !== 'types' && s !== 'lint')
if (!steps.size || unknown.length) {
  console.error('node scripts/check.mjs [types] [lint]')
  process.exit(2)
}
const cwd = process.cwd()
// loaded once the command line is known to be right
const { ESLint } = await import('eslint')
const { default: ts } = await import('typescript')

/** The tsconfigs ESLint's configuration types a TypeScript file with, and the folder they are relative to. */
async function eslintProjects() {
  const config = await new ESLint({ cwd }).calculateConfigForFile(resolve(cwd, 'any.ts'))
  const { project, tsconfigRootDir = cwd } = config?.languageOptions?.parserOptions ?? {}
  const list = Array.isArray(project) ? project : project ? [project] : []
  if (!list.length) throw new Error('eslint.config.mjs names no tsconfig (parserOptions.project) for TypeScript files')
  return list.map((p) => resolve(tsconfigRootDir, p))
}

/** A tsconfig's program as `tsc -p` builds it (with parent nodes set, which typescript-eslint needs). */
function program(tsconfig) {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    }
  }
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, host)
  const built = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host: ts.createCompilerHost(config.options, true),
    configFileParsingDiagnostics: config.errors
  })
  return { tsconfig, program: built }
}

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => cwd,
  getNewLine: () => '\n'
}

let failed = false
const programs = (await eslintProjects()).map(program)

if (steps.has('types')) {
  for (const p of programs) {
    // the program's own diagnostics include its tsconfig's (configFileParsingDiagnostics)
    const found = ts.getPreEmitDiagnostics(p.program)
    const errors = found.filter((d) => d.category === ts.DiagnosticCategory.Error).length
    if (found.length) {
      const show = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics
      process.stdout.write(show(found, formatHost))
    }
    console.log(`types: ${p.tsconfig.slice(cwd.length + 1)}: ${errors} error${errors === 1 ? '' : 's'}`)
    if (errors) failed = true
  }
}

if (steps.has('lint')) {
  const eslint = new ESLint({
    cwd,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx,mts,cts}'],
        languageOptions: { parserOptions: { programs: programs.map((p) => p.program), project: null } }
      }
    ]
  })
  const results = await eslint.lintFiles(['.'])
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0)
  const report = (await eslint.loadFormatter('stylish')).format(results)
  if (report) console.log(report)
  console.log(`lint: ${results.length} files, ${problems} problem${problems === 1 ? '' : 's'} (none allowed)`)
  if (problems) failed = true
}

process.exit(failed ? 1 : 0)
