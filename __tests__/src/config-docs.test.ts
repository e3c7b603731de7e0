/** @jest-environment node */
import { readFileSync } from 'fs'
import { CONFIG, ENV_DEFAULTS } from '../../config/env'
import { configTable, readmeConfigTable, README } from '../../scripts/config-docs'

describe('build-time configuration, declared once in config/env.ts', () => {
  test("the README's Configuration table is the declaration's (run `npm run docs:config` after changing it)", () => {
    expect(readmeConfigTable(readFileSync(README, 'utf8'))).toBe(configTable())
  })
  test('the table has one row per declared variable, with its default', () => {
    const table = configTable()
    for (const [name, v] of Object.entries(CONFIG)) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${name}\` |`))
      expect(row).toBeDefined()
      if (v.default !== '' && !('defaultMeans' in v)) expect(row).toContain(`\`${v.default}\``)
    }
    expect(Object.keys(ENV_DEFAULTS)).toEqual(Object.keys(CONFIG))
  })
})
