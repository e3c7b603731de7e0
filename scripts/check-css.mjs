#!/usr/bin/env node
// The style sheets of both builds use no CSS the oldest engines of config/targets.json (iOS 12 / Safari 12 /
// Chrome 64) do without in a way a viewer sees. doiuse (caniuse's data, a maintained library) reads every rule;
// the build fails on the features below, which leave a box with no size or its items touching on such a phone.
// Features it reports that degrade quietly (position: sticky's partial support, :focus-visible, scroll snapping,
// env()'s fallback, gradients' partial support…) are counted, not refused.
//   node scripts/check-css.mjs [dir…]   (default: dist/weapp dist/h5, the ones that exist)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import doiuse from 'doiuse'
import postcss from 'postcss'
import { checkBuilds, root } from './lib/check-builds.mjs'

/** caniuse's feature ids that break the layout on the targets, and what a viewer would see. */
export const REFUSED = {
  'css-logical-props':
    '`inset` (Safari 14.1, Chrome 87): a fixed or absolute layer (a mask, a sheet, an end screen) has no size',
  'flexbox-gap': '`gap` in a flex box (Safari 14.1, Chrome 84): the items touch'
}

/** config/targets.json as browserslist queries: each engine from its oldest version on. */
export function targetQueries() {
  const targets = JSON.parse(readFileSync(join(root, 'config/targets.json'), 'utf8'))
  const names = { ios: 'ios_saf', safari: 'safari', chrome: 'chrome' }
  return Object.entries(targets).map(([engine, version]) => `${names[engine] ?? engine} >= ${version}`)
}

/** The refused features one style sheet uses, each with the rule's text; `seen` counts every feature reported. */
export async function cssProblems(source, from = 'input.css', seen = new Map()) {
  const found = []
  const plugin = doiuse({
    browsers: targetQueries(),
    onFeatureUsage: (usage) => {
      seen.set(usage.feature, (seen.get(usage.feature) ?? 0) + 1)
      if (usage.feature in REFUSED)
        found.push(`${REFUSED[usage.feature]}: ${String(usage.usage).replace(/\s+/g, ' ').slice(0, 80)}`)
    }
  })
  // rpx is WeChat's unit; read as px so that the parser's value checks see a length
  await postcss([plugin]).process(source.replace(/(\d)rpx\b/g, '$1px'), { from })
  return found
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seen = new Map()
  await checkBuilds(
    'check-css',
    ['.css', '.wxss'],
    (source, file) => cssProblems(source, file, seen),
    ({ files, bad, dirs }) => {
      const quiet = [...seen].filter(([f]) => !(f in REFUSED)).map(([f, n]) => `${f} ×${n}`)
      return (
        `${files} style sheets of ${dirs} for ${targetQueries().join(', ')}; ${bad} using ${Object.keys(REFUSED).join(' or ')}` +
        (quiet.length ? `\n  degrading quietly, not refused: ${quiet.join(', ')}` : '')
      )
    }
  )
}
