import path from 'path'
import type { UserConfigExport } from '@tarojs/cli'
import { appEnv, defineAppEnv } from './env'
import { h5Aliases } from './routes'
import { DESIGN_WIDTH } from '../src/theme'
import { BundleStatsPlugin } from './bundle-stats'
import { PrecompressPlugin } from './precompress'

/** Text for an HTML template: the brand and description are configuration, not trusted markup. */
export function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

// Chunk loads give up after 120 s (spec R8.7, R9.11).
export const CHUNK_LOAD_TIMEOUT = 120000

// A plain config function (what defineConfig returns), so tests can read it without loading the CLI.
export default async function config(): Promise<UserConfigExport<'webpack5'>> {
  const env = appEnv(process.env)
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'live-client',
    date: '2026-11-22',
    designWidth: DESIGN_WIDTH, // R1.22
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // Each target builds into its own folder so one build never overwrites the other.
    outputRoot: `dist/${process.env.TARO_ENV || 'weapp'}`,
    alias: { '@': path.resolve(__dirname, '..', 'src') },
    plugins: [path.resolve(__dirname, 'a11y-plugin.ts')],
    defineConstants: defineAppEnv(env),
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false }
      },
      optimizeMainPackage: { enable: true },
      webpackChain(chain) {
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
      }
    },
    h5: {
      // Every asset under /m2/ and the router in browser mode with basename /m2 (R2.1).
      publicPath: '/m2/',
      staticDirectory: 'static',
      // src/index.html: the page's first title and its meta description (search results, link previews) from the
      // brand configuration; the viewport there lets people zoom (README, Accessibility)
      htmlPluginOption: {
        brand_title: htmlText(env.TARO_APP_BRAND),
        meta_description: htmlText(`${env.TARO_APP_BRAND}：${env.TARO_APP_DESCRIPTION}，${env.TARO_APP_SLOGAN}`)
      },
      router: {
        mode: 'browser',
        basename: '/m2',
        customRoutes: h5Aliases
      },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css'
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false }
      },
      webpackChain(chain) {
        // Taro splits only initial chunks, so each lazy page chunk would carry its own mobx copy.
        chain.optimization.merge({ splitChunks: { chunks: 'all' } })
        // brotli and gzip copies of the text files for the reference server (server/static.ts)
        chain.plugin('precompress').use(PrecompressPlugin)
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
      }
    }
  }
  return baseConfig
}
