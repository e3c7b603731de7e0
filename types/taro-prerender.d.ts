// Taro's mini.prerender (@tarojs/webpack5-runner's prerender, Taro's docs "预渲染") is missing from its config types.
import type { CompilerTypes, CompilerWebpackTypes } from '@tarojs/taro/types/compile/compiler'

/** A node of the data tree a page's first render gives (Taro's setData shortcuts: nn name, cn children, cl class, st style, v text). */
export interface PrerenderNode {
  nn: string
  cn?: PrerenderNode[]
  cl?: string
  st?: string
  v?: string
  [key: string]: unknown
}

export interface PrerenderPage {
  path: string
  params?: Record<string, string>
}

declare module '@tarojs/taro/types/compile/config/mini' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats the declaration's parameters
  interface IMiniAppConfig<T extends CompilerTypes = CompilerWebpackTypes> {
    prerender?: {
      match?: string | string[]
      include?: Array<string | PrerenderPage>
      exclude?: string[]
      mock?: Record<string, unknown>
      console?: boolean
      transformData?: (data: PrerenderNode, page: PrerenderPage) => PrerenderNode
      transformXML?: (data: PrerenderNode, page: PrerenderPage, xml: string) => string
    }
  }
}
