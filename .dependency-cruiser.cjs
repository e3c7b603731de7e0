// Import rules of the client and the reference server, checked by `npm run typecheck` (dependency-cruiser reads the
// imports as TypeScript resolves them, `@/` alias included). dependency-cruiser was chosen over the hand-written check
// it replaces: it resolves imports as the compiler does (type imports, dynamic imports, index files) and its rules are
// data a reader can change.
//
// Client (src/): pages → components → stores → api → core → platform → utils. A file may import its own layer or any
// lower one, never a higher one. Server (server/, docs/architecture.md): entry points and routes → plugins, services,
// views, repositories → db/lib/types, no import circle, and the database opened only by repositories and db/.
// A feature keeps its store beside its views (in packageA, packageB or a main-package page's folder; src/stores keeps
// what several features share): a store imports no view, and packageA's components import no page (a page, with a
// store of its own, sits above the parts it composes).

/** Client layers, highest first: the top-level entries of src/ in each. */
const CLIENT = [
  [
    'pages',
    [
      'pages',
      'packageA',
      'packageB',
      'custom-tab-bar',
      'app\\.tsx',
      'app\\.config\\.ts',
      'index\\.html',
      'launch(-later)?(\\.h5)?\\.ts'
    ]
  ],
  ['components', ['components', 'hooks']],
  ['stores', ['stores']],
  ['api', ['api', 'router']],
  ['core', ['core', 'ui']],
  ['platform', ['platform']],
  ['utils', ['utils', 'env\\.ts', 'theme\\.ts', 'share\\.ts']]
]
const SERVER = [
  ['routes', ['routes/', 'app\\.ts', 'start\\.ts', 'cli/']],
  ['db/lib', ['lib/', 'db/', 'types/']]
]

const under = (root, entries) => `^${root}/(${entries.join('|')})`

/** One rule per layer: nothing in it imports a layer above it. */
function layerRules(root, layers, kind) {
  const rules = []
  layers.forEach(([name, entries], i) => {
    if (i === 0) return
    const higher = layers.slice(0, i).flatMap(([, e]) => e)
    rules.push({
      name: `${kind}-${name.replace(/\W/g, '-')}-no-arrow-up`,
      comment: `${kind} ${name} imports nothing from a higher layer (${layers
        .slice(0, i)
        .map(([n]) => n)
        .join(', ')})`,
      severity: 'error',
      from: { path: under(root, entries) },
      to: { path: under(root, higher) }
    })
  })
  return rules
}

// The server's middle layer (plugins/, services/, views/, streams/, repositories/) is every file not named in SERVER.
const serverMiddle = {
  name: 'server-middle-no-arrow-up',
  comment: 'server plugins, services, views and repositories import no route and no entry point',
  severity: 'error',
  from: {
    path: '^server/',
    pathNot: [
      under(
        'server',
        SERVER.flatMap(([, e]) => e)
      )
    ]
  },
  to: { path: under('server', SERVER[0][1]) }
}
const serverLow = {
  name: 'server-db-lib-no-arrow-up',
  comment: 'server db/lib/types import neither plugins, services, views, repositories nor a route',
  severity: 'error',
  from: { path: under('server', SERVER[1][1]) },
  to: { path: '^server/', pathNot: under('server', SERVER[1][1]) }
}
/** Repositories hold the data and its SQL, under the services and views that decide and shape what is answered. */
const serverRepositories = {
  name: 'server-repositories-no-arrow-up',
  comment: 'server repositories import only repositories, db/lib/types and the contract',
  severity: 'error',
  from: { path: '^server/repositories/' },
  to: { path: '^server/', pathNot: [under('server', ['repositories/', ...SERVER[1][1]])] }
}

/**
 * The database (server/db/: the Store, its migrations, the seed) is reached through server/repositories/ only. Besides
 * them and db/ itself, only what opens it may import it: the context plugin (the app's Store), the entry point
 * start.ts (DataModeError) and the command-line tools (cli/seed.ts). Type-only imports (the `Store` and `Db` types) and
 * db/seed-ids.ts (the seeded ids and demo accounts, constants) are free. The SQLite driver (outside includeOnly) and
 * SQL text outside repositories/ and db/ are __tests__/server/boundaries.test.ts's to catch.
 */
const serverDbOnlyFromRepositories = {
  name: 'server-db-only-from-repositories',
  comment:
    'only server/repositories (and db/ itself, the context plugin, start.ts and cli/) import the database module',
  severity: 'error',
  from: {
    path: '^server/',
    pathNot: '^server/(repositories/|db/|plugins/app/context\\.ts$|start\\.ts$|cli/)'
  },
  to: {
    path: '^server/db/',
    pathNot: '^server/db/seed-ids\\.ts$',
    dependencyTypesNot: ['type-only']
  }
}

/** Every file of src/ belongs to a layer: one that imports something, and one that imports nothing. */
const outside = {
  path: '^src/',
  pathNot: under(
    'src',
    CLIENT.flatMap(([, e]) => e)
  )
}
const unplaced = [
  { name: 'client-file-in-a-layer', severity: 'error', from: outside, to: {} },
  { name: 'client-file-in-a-layer-alone', severity: 'error', from: { ...outside, orphan: true }, to: {} }
].map((r) => ({
  ...r,
  comment: 'a file of src/ outside every layer: add its folder to CLIENT in .dependency-cruiser.cjs'
}))

module.exports = {
  forbidden: [
    ...layerRules('src', CLIENT, 'client'),
    serverMiddle,
    serverLow,
    serverRepositories,
    serverDbOnlyFromRepositories,
    ...unplaced,
    {
      name: 'server-no-circle',
      comment: 'no import circle among server files (type imports count)',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true }
    },
    {
      name: 'main-package-no-subpackage',
      comment: 'the main package imports nothing from a subpackage: the mini-program loads packageA and packageB later',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/package[AB]/' },
      to: { path: '^src/package[AB]/', dependencyTypesNot: ['dynamic-import'] }
    },
    {
      name: 'subpackages-apart',
      comment: 'packageA and packageB import nothing from each other (a subpackage cannot require another)',
      severity: 'error',
      from: { path: '^src/(package[AB])/' },
      to: { path: '^src/package[AB]/', pathNot: '^src/$1/' }
    },
    {
      // a feature keeps its store beside its views (store.ts, or name-store.ts where a folder has several), in a
      // subpackage or a main-package page's folder: the views read the store, never the reverse
      name: 'feature-store-no-view',
      comment: 'a feature store (store.ts, *-store.ts beside its views) imports no view (.tsx): views read stores',
      severity: 'error',
      from: { path: '^src/(pages|package[AB])/.+[/-]store(\\.h5)?\\.ts$' },
      to: { path: '\\.tsx$' }
    },
    {
      name: 'packageA-components-no-page',
      comment:
        'packageA components import nothing from packageA pages: a page (and its own store) sits above its parts',
      severity: 'error',
      from: { path: '^src/packageA/components/' },
      to: { path: '^src/packageA/pages/' }
    },
    {
      // the contract is the API's one description: the server registers from it, the client only reads its types
      // (no schema ships in the app), and it depends on neither. The business codes (contract/codes.ts: plain
      // values, no schema, no imports) are the one exception: both sides read the same list.
      name: 'client-contract-types-only',
      comment: 'the client imports the contract for its types only (import type), bar the codes: no schema is bundled',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^contract/', pathNot: '^contract/codes\\.ts$', dependencyTypesNot: ['type-only'] }
    },
    {
      name: 'contract-stands-alone',
      comment: 'the contract imports nothing from the client or the server',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(src|server)/' }
    },
    {
      name: 'not-to-tests',
      comment: 'shipped code imports no test file',
      severity: 'error',
      from: { path: '^(src|server|contract)/' },
      to: { path: '^(__tests__|e2e|weapp-sim|bench)/' }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(server/(fixtures|data)|dist|node_modules)/' },
    includeOnly: '^(src|server|contract)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // the H5 variant (`name.h5.ts`) is a file of its own: it is cruised, and imports name the plain file
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
