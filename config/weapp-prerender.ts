import type { PrerenderNode } from '../types/taro-prerender'

/**
 * Mini-program: Taro's prerender (mini.prerender) for subpackage pages. Taro renders every page its config names,
 * but marks for its page loader (which makes the page hand its instance to the prerender: `wx._prerender = inst`)
 * only the main package's pages (TaroMiniPlugin.getPages reads `appConfig.pages`), so a subpackage page would be
 * rendered as the page rendered before it. This adds the subpackage pages of the prerender config to that set, after
 * Taro has made it and before any page module is built.
 */
export class PrerenderSubpackagePagesPlugin {
  constructor(private pages: string[]) {}

  apply(compiler: any) {
    compiler.hooks.make.tap({ name: 'prerender-subpackage-pages', stage: -100 }, () => {
      const mini = compiler.options.plugins.find((p: any) => p?.constructor?.name === 'TaroMiniPlugin')
      if (!mini?.prerenderPages) throw new Error("Taro's mini plugin is not where it was (@tarojs/webpack5-runner)")
      for (const page of this.pages) mini.prerenderPages.add(page)
    })
  }
}

/**
 * The pre-rendered WXML keeps what draws: each node's name, class, style and text. Taro would also write every other
 * key of the data tree as an attribute (its node ids, its aliases of props such as `p4` for aria-role, `children`),
 * which mean nothing in static WXML and only add bytes to the page's .wxml (home's counts in the main package).
 */
export function prerenderData(node: PrerenderNode): PrerenderNode {
  const out: PrerenderNode = { nn: node.nn, cn: (node.cn ?? []).map(prerenderData) }
  if (node.cl) out.cl = node.cl
  if (node.st) out.st = node.st
  if (node.v !== undefined) out.v = node.v
  return out
}
