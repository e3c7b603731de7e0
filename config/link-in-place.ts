import type { IProjectConfig } from '@tarojs/taro/types/compile'

/** The H5 build's webpack-chain, as Taro hands it to `h5.webpackChain`. */
export type Chain = Parameters<NonNullable<NonNullable<IProjectConfig<'webpack5'>['h5']>['webpackChain']>>[0]

/**
 * Links `file` in place of every module whose resolved path matches `pattern` (webpack's
 * NormalModuleReplacementPlugin, as plugin `name`): the H5 build's stubs and wrappers of Taro's and hls.js's modules. A
 * wrapper that imports the module it stands for asks for it with `?original`, which is left alone.
 */
export function linkInPlace(chain: Chain, name: string, pattern: RegExp, file: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack is loaded only when a build runs, from Taro's copy
  const { NormalModuleReplacementPlugin } = require('webpack') as typeof import('webpack')
  chain.plugin(name).use(NormalModuleReplacementPlugin, [
    pattern,
    (r: { createData?: { resource?: string } }) => {
      if (r.createData?.resource && !r.createData.resource.includes('?original')) r.createData.resource = file
    }
  ])
}
