import path from 'path'
import type { UserConfigExport } from '@tarojs/cli'
import { appEnv, defineAppEnv, legalTexts } from './env'
import { h5Aliases } from './routes'
import { DESIGN_WIDTH } from '../src/theme'
import { BundleStatsPlugin } from './bundle-stats'
import { PrecompressPlugin } from './precompress'
import { CompileHintsPlugin } from './compile-hints'
import { WeappModuleEntriesPlugin } from './weapp-module-entries'
import { PrerenderSubpackagePagesPlugin, prerenderData } from './weapp-prerender'
import { devServerOptions } from './dev-server'
import { routeChunks } from './route-chunks'
import { compileDependencies } from './compile-deps'
import { hlsFromSource } from './hls-source'
import { linkInPlace } from './link-in-place'
import targets from './targets.json'
import type { FirstScreenId } from '../contract/first-screen'

/** The pre-rendered first screen's element id, which src/index.html's start-up script looks for. */
const FIRST_SCREEN_ID: FirstScreenId = 'first-screen'

/** Text for an HTML template: the brand and description are configuration, not trusted markup. */
export function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

// Chunk loads give up after 120 s (spec R8.7, R9.11).
export const CHUNK_LOAD_TIMEOUT = 120000

/**
 * The top-level await that ends the H5 entry's first task (its webpackChain below). A timer rather than a
 * message-channel task: side by side at 4x CPU the live room's long-task time over 50 ms was 146 ms with the timer and
 * 225 ms with the message (214 ms without either); what the page has queued meanwhile runs first. A page loading in a
 * background tab may create its app up to a second later (Chromium runs a hidden page's timers on the second), while
 * nobody looks at it.
 */
const NEXT_TASK = 'await new Promise(function (resolve) { setTimeout(resolve, 0) })'

// A plain config function (what defineConfig returns), so tests can read it without loading the CLI.
export default async function config(): Promise<UserConfigExport<'webpack5'>> {
  const env = appEnv(process.env)
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'live-client',
    date: '2026-11-22',
    designWidth: DESIGN_WIDTH, // R1.22
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // Each target builds into its own folder so one build never overwrites the other. The H5 watch build (`npm run
    // dev`, `dev:h5`) writes to dist/h5-dev: Taro empties its output folder as a build starts, and dist/h5 is what a
    // running `npm start` serves. (The mini-program's watch build stays in dist/weapp, where DevTools opens it.)
    outputRoot:
      process.env.TARO_ENV === 'h5' && process.env.NODE_ENV !== 'production'
        ? 'dist/h5-dev'
        : `dist/${process.env.TARO_ENV || 'weapp'}`,
    alias: { '@': path.resolve(__dirname, '..', 'src') },
    plugins: [path.resolve(__dirname, 'a11y-plugin.ts')],
    defineConstants: defineAppEnv(env, legalTexts(env)),
    // the mini-program's sitemap (app.json sitemapLocation): what WeChat's search may index
    copy: {
      patterns: process.env.TARO_ENV === 'h5' ? [] : [{ from: 'src/sitemap.json', to: 'dist/weapp/sitemap.json' }],
      options: {}
    },
    // Preact (preact/compat) renders both targets instead of React 18: 35 KB gzip less on every H5 first load and
    // 76 KB less in the mini-program's vendors (README, Performance); MobX's React bindings run on preact/compat. Jest
    // renders with Preact too (jest.config.js); the built app is proven by the browser tests (e2e/) and the
    // mini-program simulator (weapp-sim/).
    framework: 'preact',
    // No dependency prebundling in watch builds (Taro turns it on there): esbuild would bundle the real react and
    // react-dom into it, beside the preact/compat that the aliases give the app's own modules, and the page would
    // fail on the first hook (two renderers)
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    // Mini-program: base.wxml draws 4 levels of nesting itself and hands deeper subtrees to its recursive component
    // (Taro's default is 16). WeChat counts base.wxml in the main package: 77 KB became 33 KB (README, Performance); Taro
    // recommends 8 or 4 for update performance (deep nodes update through that component's own setData). The
    // component is a virtual host, so flex layout is unaffected; the only page-scoped queries (the virtual lists'
    // scroll observers) watch nodes at levels 1-2.
    baseLevel: 4,
    // Both targets run ES2017 (babel.config.js). Taro's defaults keep function names and quote every object key on
    // H5 and, in the mini-program, turn most of terser's compression off and escape every Chinese character as \uXXXX
    // (6 bytes instead of 3): terser's own defaults instead, two passes.
    terser: {
      enable: true,
      config: {
        ecma: 2017,
        keep_fnames: false,
        compress: {
          ecma: 2017,
          passes: 2,
          arrows: true,
          collapse_vars: true,
          comparisons: true,
          computed_props: true,
          hoist_props: true,
          inline: true,
          loops: true,
          negate_iife: true,
          properties: true,
          reduce_funcs: true,
          reduce_vars: true,
          switches: true,
          typeofs: true
        },
        output: { ecma: 2017, ascii_only: false, quote_keys: false, keep_quoted_props: false }
      }
    },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        // WeChat draws WXSS with the engines of babel.config.js's targets (iOS 12+, Chrome 64+): no -ms- or old
        // -webkit- flexbox prefixes for browsers a mini-program never runs in (package.json's browserslist is H5's)
        autoprefixer: {
          enable: true,
          config: {
            overrideBrowserslist: [
              `ios_saf >= ${targets.ios}`,
              `safari >= ${targets.safari}`,
              `chrome >= ${targets.chrome}`
            ]
          }
        },
        cssModules: { enable: false }
      },
      // the one module of contract/ the app runs (its business codes, contract/codes.ts) goes through the app's Babel rule
      compile: { include: [path.resolve(__dirname, '../contract')] },
      optimizeMainPackage: { enable: true },
      // The first screens of home and the live room as static WXML in their .wxml (Taro's prerender renders each page
      // at build time in vm2's sandbox, whose first render is the page's loading layout): WeChat draws it before the
      // page's script has run, the page's own first setData replaces it. The room is the seeded demo room; its loading
      // layout is any room's (src/packageA/pages/live/loading.tsx).
      prerender: {
        include: ['pages/home/home', { path: 'packageA/pages/live/live', params: { roomid: '496' } }],
        transformData: prerenderData
      },
      webpackChain(chain) {
        // dependencies that ship syntax newer than the targets, compiled down to them (config/compile-deps.ts)
        compileDependencies(chain)
        // Preact's react-dom with createRoot, which Taro's app creator calls (config/stubs/preact-dom.js)
        const reactDom = chain.resolve.alias.get('react-dom')
        chain.resolve.alias
          .delete('react-dom')
          .set('react-dom$', path.resolve(__dirname, 'stubs/preact-dom.js'))
          .set('react-dom', reactDom)
        // mobx-react-lite's useSyncExternalStore for React < 18: preact/compat has its own
        chain.resolve.alias.set('use-sync-external-store/shim$', 'preact/compat')
        // MobX's own production build (the one its CommonJS entry picks under NODE_ENV=production) instead of its
        // development ESM file: the same code, built by MobX with its internal `_`-suffixed properties mangled; 7 KB
        // less of the main package's vendors.js
        chain.resolve.alias.set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'))
        // the WHATWG URL parser, out of the main package: package A's module the main package loads when a link is
        // first read (src/platform/url.ts)
        chain
          .plugin('weapp-module-entries')
          .use(WeappModuleEntriesPlugin, [
            { 'packageA/url/index': path.resolve(__dirname, '../src/packageA/url/index.ts') }
          ])
        chain.plugin('prerender-subpackage-pages').use(PrerenderSubpackagePagesPlugin, [['packageA/pages/live/live']])
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
      }
    },
    h5: {
      // Every asset under /m2/ and the router in browser mode with basename /m2 (R2.1).
      publicPath: '/m2/',
      // Taro's React components (View, Text, Image, ScrollView, Swiper…) instead of its Stencil web components: no
      // Stencil runtime on the first load (README, Performance); the few components without a React version (WebView,
      // RichText) still come from Stencil, on the pages that use them (the player draws its own <video>)
      useHtmlComponents: true,
      // H5_SOURCE_MAP=1: source maps beside the production files, for reading a CPU profile of the built app
      enableSourceMap: process.env.H5_SOURCE_MAP === '1',
      sourceMapType: 'source-map',
      staticDirectory: 'static',
      // `npm run dev`: fast refresh, and the API, WebSocket, media and sandbox paths proxied to the reference server
      devServer: devServerOptions(process.env),
      // src/index.html: the page's first title and its meta description (search results, link previews) from the
      // brand configuration; the viewport there lets people zoom (README, Accessibility)
      htmlPluginOption: {
        // the template writes the stylesheets, the script preloads and the scripts' start after the first frame itself
        inject: false,
        // the files each page loads once the app runs, preloaded by the template from the HTML (config/route-chunks.ts)
        routeChunks,
        first_page: 'pages/home/home',
        first_screen_id: FIRST_SCREEN_ID,
        brand_title: htmlText(env.TARO_APP_BRAND),
        meta_description: htmlText(`${env.TARO_APP_BRAND}：${env.TARO_APP_DESCRIPTION}，${env.TARO_APP_SLOGAN}`)
      },
      router: {
        mode: 'browser',
        basename: '/m2',
        customRoutes: h5Aliases
      },
      // the one module of contract/ the app runs (its business codes, contract/codes.ts) goes through the app's Babel rule
      compile: { include: [path.resolve(__dirname, '../contract')] },
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
        // dependencies that ship syntax newer than the targets, compiled down to them (config/compile-deps.ts)
        compileDependencies(chain)
        // Taro splits only initial chunks, so each lazy page chunk would carry its own mobx copy. Taro's minSize 0
        // made a file of every shared module (home loaded 25 scripts, each a request, each a round trip on a phone's
        // network); shared code under 16 KB goes into the page chunks instead, at most 6 files per page.
        chain.optimization.merge({ splitChunks: { chunks: 'all', minSize: 16000, maxAsyncRequests: 6 } })
        // The router's built-in tab bar (Taro's Stencil tab bar and its tab-bar APIs) is unused with tabBar.custom.
        linkInPlace(
          chain,
          'no-router-tabbar',
          /@tarojs[\\/]router[\\/]dist[\\/]tabbar\.js$/,
          path.resolve(__dirname, 'stubs/taro-tabbar.js')
        )
        // Taro's components' stylesheet without its one image from another host (the Button's loading spinner), and
        // with the default Button's colours under the app's own (config/loaders/taro-component-styles.cjs)
        chain.module
          .rule('taro-component-styles')
          .test(/@tarojs[\\/]components-react[\\/]dist[\\/]index\.css$/)
          .enforce('pre')
          .use('taro-component-styles')
          .loader(path.resolve(__dirname, 'loaders/taro-component-styles.cjs'))
        // Taro's own styles (global.css, its components' CSS) go into the app's stylesheet like the app's, not into
        // <style> elements its script inserts at start-up (src/platform/component-styles.h5.ts puts them first)
        if (chain.get('mode') === 'production') {
          const extract = chain.module.rule('customStyle').use('0')
          chain.module.rule('taroStyle').use('0').loader(extract.get('loader')).options(extract.get('options'))
        }
        // The app's start in two tasks: Taro's entry evaluates every module of the first load, then, a task later (a
        // top-level await in the entry: NEXT_TASK), creates the app, its router and the first page. Together they were
        // the load's longest task; apart, Chromium's long-task time at 4x CPU fell by about half on home and a third on
        // the live room, the first video frame the same (docs/performance.md). The production targets have async
        // functions (babel.config.js), which webpack's code for a top-level await uses.
        chain.output.merge({ environment: { asyncFunction: true } })
        chain.plugin('mainPlugin').tap((args: Array<{ loaderMeta?: { execBeforeCreateWebApp?: string } }>) => {
          const meta = (args[0].loaderMeta ??= {})
          meta.execBeforeCreateWebApp = `${meta.execBeforeCreateWebApp ?? ''}${NEXT_TASK}\n`
          return args
        })
        // Taro's navigation bar is never shown here: its handler keeps the document title only.
        linkInPlace(
          chain,
          'no-router-navigation-bar',
          /@tarojs[\\/]router[\\/]dist[\\/](navigationBar|router[\\/]navigation-bar)\.js$/,
          path.resolve(__dirname, 'stubs/taro-navigation-bar.js')
        )
        // Taro's toast, loading, modal and action sheet load when first shown (config/stubs/taro-interaction.js).
        linkInPlace(
          chain,
          'interaction-on-first-use',
          /taro-h5[\\/]dist[\\/]api[\\/]ui[\\/]interaction[\\/]index\.js$/,
          path.resolve(__dirname, 'stubs/taro-interaction.js')
        )
        // Taro's router shades a page it left even when the viewer is back on it, and opens a page whose code arrived
        // after the viewer went back: its page handler with both fixed (config/stubs/router-page.js)
        linkInPlace(
          chain,
          'router-page-shown',
          /@tarojs[\\/]router[\\/]dist[\\/]router[\\/]page\.js$/,
          path.resolve(__dirname, 'stubs/router-page.js')
        )
        // Taro's React ScrollView keeps none of the attributes the app passes, its View sets its class an effect late,
        // and its Image lays the page out as each picture arrives: the H5 build links its own in their place
        // (config/stubs/scroll-view.js, config/stubs/view.js, config/stubs/image.js)
        for (const name of ['scroll-view', 'view', 'image'])
          linkInPlace(
            chain,
            `${name}-stub`,
            new RegExp(`components-react[\\\\/]dist[\\\\/]components[\\\\/]${name}[\\\\/]index\\.js$`),
            path.resolve(__dirname, `stubs/${name}.js`)
          )
        // hls.js from its sources, with what the app's streams use (config/hls-source.ts)
        hlsFromSource(chain, chain.get('mode') === 'production')
        // Swiper with the modules Taro's image preview uses instead of all of them (the app draws no swiper of its own);
        // no fetch/AbortController or JSONP.
        chain.resolve.alias
          // mobx-react-lite's useSyncExternalStore for React < 18: preact/compat has its own
          .set('use-sync-external-store/shim$', 'preact/compat')
          // MobX's own production build, as in the mini-program (its internal properties mangled by MobX)
          .set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'))
          .set('swiper/bundle$', path.resolve(__dirname, 'stubs/swiper.js'))
          .set('whatwg-fetch$', path.resolve(__dirname, 'stubs/empty.js'))
          .set(
            'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$',
            path.resolve(__dirname, 'stubs/empty.js')
          )
          .set('jsonp-retry$', path.resolve(__dirname, 'stubs/jsonp.js'))
          // Taro's Stencil components' stylesheet without the WeUI icon font nor the Stencil Checkbox, Radio and Icon
          // rules that use it: 6.3 KB less in every page's inline stylesheet (config/stubs/taro-components.css)
          .set(
            '@tarojs/components/dist/taro-components/taro-components.css$',
            path.resolve(__dirname, 'stubs/taro-components.css')
          )
        // brotli and gzip copies of the text files for the reference server (server/plugins/external/h5-files.ts)
        // (not in the dev server: nothing serves them there, and brotli 11 on every rebuild costs seconds)
        if (chain.get('mode') === 'production') {
          // V8 compiles every script's functions as it parses it, off the main thread (config/compile-hints.ts)
          chain.plugin('compile-hints').use(CompileHintsPlugin)
          chain.plugin('precompress').use(PrecompressPlugin)
        }
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
      }
    }
  }
  return baseConfig
}
