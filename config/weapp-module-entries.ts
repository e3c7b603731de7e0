/**
 * Mini-program: modules of a subpackage that the main package loads with WeChat's require.async (分包异步化), built as
 * entries of their own. Taro's entries are the app, its pages and components only, so a module that is neither gets
 * added here: `packageA/url/index` (src/platform/url.ts says why). Taro's subpackage splitting treats the entry as one
 * of its package's (it requires the package's sub-vendors first); the empty .wxml and .wxss files that splitting
 * writes beside every subpackage entry are not emitted (the module is no page).
 */
import path from 'path'

export class WeappModuleEntriesPlugin {
  constructor(private entries: Record<string, string>) {}

  apply(compiler: any) {
    const { EntryPlugin, Compilation } = compiler.webpack
    compiler.hooks.make.tapAsync('weapp-module-entries', (compilation: any, done: (err?: Error) => void) => {
      const added = Object.entries(this.entries).map(
        ([name, file]) =>
          new Promise<void>((resolve, reject) =>
            compilation.addEntry(
              compiler.context,
              EntryPlugin.createDependency(path.resolve(file), { name }),
              { name },
              (err: Error | null) => (err ? reject(err) : resolve())
            )
          )
      )
      Promise.all(added).then(() => done(), done)
    })
    compiler.hooks.thisCompilation.tap('weapp-module-entries', (compilation: any) => {
      compilation.hooks.processAssets.tap(
        { name: 'weapp-module-entries', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets: Record<string, unknown>) => {
          for (const name of Object.keys(this.entries))
            for (const ext of ['.wxml', '.wxss'])
              if (`${name}${ext}` in assets) compilation.deleteAsset(`${name}${ext}`)
        }
      )
    })
  }
}
