/** @jest-environment node */
import { spawn } from 'child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { pathToFileURL } from 'url'

// `npm run typecheck` and `npm run lint` (scripts/check.mjs `types`, `lint`; CI runs both in one process over one set
// of programs) as they run in a project: here a small one of two tsconfigs, planted in a temporary folder, whose
// ESLint configuration types its files as the project's does (typescript-eslint's type-checked rules, `project` naming
// both tsconfigs) and is loaded from the project's own packages.
const root = path.resolve(__dirname, '..', '..')
const pkg = (name: string) => pathToFileURL(require.resolve(name, { paths: [root] })).href

function check(cwd: string, ...steps: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/check.mjs'), ...steps], { cwd })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += String(d)))
    child.stderr.on('data', (d: Buffer) => (out += String(d)))
    child.on('close', (status) => done({ status, out }))
  })
}

let dir: string
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  writeFileSync(path.join(dir, file), text)
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'check-script-'))
  const options = { strict: true, noEmit: true, types: [], lib: ['es2020'], target: 'es2020', module: 'commonjs' }
  write('tsconfig.json', JSON.stringify({ compilerOptions: options, include: ['app'] }))
  write('tools/tsconfig.json', JSON.stringify({ compilerOptions: options, include: ['.'] }))
  write(
    'eslint.config.mjs',
    `import tseslint from ${JSON.stringify(pkg('typescript-eslint'))}
export default tseslint.config(...tseslint.configs.recommendedTypeChecked, {
  languageOptions: {
    parserOptions: { project: ['./tsconfig.json', './tools/tsconfig.json'], tsconfigRootDir: import.meta.dirname }
  }
}, { files: ['**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] })
`
  )
  write('app/ok.ts', 'export function one(): Promise<number> {\n  return Promise.resolve(1)\n}\n')
  write('tools/ok.ts', 'export const two: number = 2\n')
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('a clean project passes both the type check and the lint, over each tsconfig ESLint names', async () => {
  const r = await check(dir, 'types', 'lint')
  expect(r.out).toContain('types: tsconfig.json: 0 errors')
  expect(r.out).toContain(`types: ${path.join('tools', 'tsconfig.json')}: 0 errors`)
  expect(r.out).toMatch(/lint: 3 files, 0 problems/)
  expect(r.status).toBe(0)
})

test('a type error in either program fails `types`, named by file and line as tsc names it', async () => {
  write('tools/bad-type.ts', "export const three: number = 'three'\n")
  try {
    const r = await check(dir, 'types')
    expect(r.out).toMatch(/tools\/bad-type\.ts\(1,14\): error TS2322/)
    expect(r.out).toContain(`types: ${path.join('tools', 'tsconfig.json')}: 1 error`)
    expect(r.out).toContain('types: tsconfig.json: 0 errors')
    expect(r.out).not.toContain('lint:')
    expect(r.status).toBe(1)
  } finally {
    rmSync(path.join(dir, 'tools/bad-type.ts'))
  }
})

test('a rule that needs types (a floating promise) fails `lint` over the programs the type check built, and so does a TypeScript file no tsconfig takes, as with ESLint’s own project option', async () => {
  write('app/floating.ts', "import { one } from './ok'\nexport function call(): void {\n  one()\n}\n")
  write('stray/lost.ts', 'export const lost = 1\n')
  try {
    const r = await check(dir, 'types', 'lint')
    expect(r.out).toContain('types: tsconfig.json: 0 errors')
    expect(r.out).toMatch(/app\/floating\.ts\n\s+3:3\s+error\s+Promises must be awaited[^\n]*no-floating-promises/)
    expect(r.out).toMatch(
      /stray\/lost\.ts\n\s+0:0\s+error\s+Parsing error:[\s\S]*not found in any of the provided program/
    )
    expect(r.out).toMatch(/lint: 5 files, 2 problems \(none allowed\)/)
    expect(r.status).toBe(1)
  } finally {
    rmSync(path.join(dir, 'app/floating.ts'))
    rmSync(path.join(dir, 'stray'), { recursive: true })
  }
})

test('no step named, or an unknown one, is refused with the usage', async () => {
  for (const args of [[], ['types', 'format']]) {
    const r = await check(dir, ...args)
    expect(r.out).toContain('node scripts/check.mjs [types] [lint]')
    expect(r.status).toBe(2)
  }
})
