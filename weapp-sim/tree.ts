// The node tree Taro renders by setData (`root.cn[…]`, text nodes carry `v`), read the way base.wxml draws it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One node of the setData tree: `nn` names its template, `cn` holds the children, `v` a text node's text. */
export interface MpNode {
  nn: string
  sid: string
  uid?: string
  cl?: string
  st?: string
  v?: string
  cn?: MpNode[]
  [prop: string]: unknown
}

/** What base.wxml's `tmpl_0_<nn>` template draws for a node: its tag, the events it binds, and prop → attribute. */
export interface NodeTemplate {
  tag: string
  /** event name → 'bind' | 'catch' */
  events: Record<string, 'bind' | 'catch'>
  /** attribute name → the data key it reads (p0, p1…) */
  attrs: Record<string, string>
}

/** Parses base.wxml: the first element of every `tmpl_0_<nn>` template (the focus/blur variants of inputs too). */
export function readTemplates(dist: string): Map<string, NodeTemplate> {
  const wxml = readFileSync(join(dist, 'base.wxml'), 'utf8')
  const out = new Map<string, NodeTemplate>()
  const re = /<template name="tmpl_0_([^"]+)">\s*<([a-z-]+)([^>]*)>/g
  for (let m = re.exec(wxml); m; m = re.exec(wxml)) {
    const [, name, tag, attrText] = m
    const nn = name.replace(/_(focus|blur)$/, '')
    if (tag === 'template' || (out.has(nn) && out.get(nn)!.tag !== 'template')) continue
    const events: NodeTemplate['events'] = {}
    for (const e of attrText.matchAll(/\b(bind|catch)([a-z]+)="eh"/g)) events[e[2]] = e[1] as 'bind' | 'catch'
    const attrs: Record<string, string> = {}
    for (const a of attrText.matchAll(/\b([a-z-]+)="\{\{[^}]*?\bi\.(p\d+)\b/g)) attrs[a[1]] = a[2]
    out.set(nn, { tag, events, attrs })
  }
  active = out
  return out
}

/** The templates of the build last read (text extraction reads rich-text `nodes` through them). */
let active: Map<string, NodeTemplate> | null = null

/** A rich-text's HTML as the text it shows. */
function richText(nodes: unknown): string {
  if (typeof nodes === 'string') {
    return nodes
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  }
  if (Array.isArray(nodes))
    return nodes
      .map((n) =>
        n && typeof n === 'object'
          ? ((n as { text?: string }).text ?? richText((n as { children?: unknown }).children))
          : ''
      )
      .join('')
  return ''
}

export function isText(node: MpNode): boolean {
  return typeof node.v === 'string' && !node.cn
}

/** The text a user reads in a subtree: text nodes joined in document order. */
export function textOf(node: MpNode | undefined | null): string {
  if (!node) return ''
  if (isText(node)) return node.v as string
  const tpl = active?.get(node.nn)
  if (tpl?.tag === 'rich-text') return richText(node[tpl.attrs.nodes])
  return (node.cn || []).map(textOf).join('')
}

export function classesOf(node: MpNode): string[] {
  return typeof node.cl === 'string' ? node.cl.split(/\s+/).filter(Boolean) : []
}

export function hasClass(node: MpNode, cls: string): boolean {
  return classesOf(node).includes(cls)
}

/** Every node of a subtree with the path of its ancestors (root first). */
export function* walk(node: MpNode, ancestors: MpNode[] = []): Generator<{ node: MpNode; ancestors: MpNode[] }> {
  yield { node, ancestors }
  for (const c of node.cn || []) yield* walk(c, [...ancestors, node])
}

/** A CSS-like selector of one class (`.a`), optionally with the text it must contain. */
export interface Query {
  cls?: string
  text?: string | RegExp
}

export function matches(node: MpNode, q: Query): boolean {
  if (isText(node)) return false
  if (q.cls && !hasClass(node, q.cls)) return false
  if (q.text !== undefined) {
    const t = textOf(node)
    if (typeof q.text === 'string' ? !t.includes(q.text) : !q.text.test(t)) return false
  }
  return true
}

/**
 * All nodes matching the query. With text only, the innermost elements containing it (no ancestor of a match is
 * returned), so `findAll({text: '关注'})` gives the button, not the page.
 */
export function findAll(root: MpNode, q: Query): MpNode[] {
  const hits: { node: MpNode; ancestors: MpNode[] }[] = []
  for (const h of walk(root)) if (h.node !== root && matches(h.node, q)) hits.push(h)
  if (q.cls) return hits.map((h) => h.node)
  const set = new Set(hits.map((h) => h.node))
  // text containment is inherited upwards, so a match is innermost when none of its children matches
  return hits.filter((h) => !(h.node.cn || []).some((c) => set.has(c))).map((h) => h.node)
}

export function pathTo(root: MpNode, target: MpNode): MpNode[] | null {
  for (const h of walk(root)) if (h.node === target) return [...h.ancestors, target]
  return null
}

/** The node's value of an attribute as the template binds it (`src` of a web-view, `placeholder` of an input…). */
export function attrOf(templates: Map<string, NodeTemplate>, node: MpNode, attr: string): unknown {
  const key = templates.get(node.nn)?.attrs[attr]
  return key ? node[key] : undefined
}

export function tagOf(templates: Map<string, NodeTemplate>, node: MpNode): string {
  if (isText(node)) return '#text'
  const nn = String(node.nn ?? 'root')
  return templates.get(nn)?.tag ?? (nn.startsWith('static-') ? nn.slice(7) : nn)
}

/** The WXML nodes a data tree becomes through base.wxml: elements (custom components included) and text nodes. */
export interface WxmlNodeCount {
  /** elements: each node's own tag */
  elements: number
  texts: number
  /** elements + texts */
  total: number
  /**
   * the recursive components (`comp`) base.wxml puts around subtrees deeper than its levels: Taro makes them virtual
   * hosts, which draw no node of their own (not in `total`)
   */
  components: number
}

/** How base.wxml picks a node's template (utils.wxs `a`, `f`): the nesting rules of this build, read from it. */
export interface TemplateLevels {
  /** node names drawn at the nesting level they are at (`tmpl_<level>_<nn>`), up to `maxLevel` */
  nested: string[]
  /** of them, those whose level counts only ancestors of the same name */
  sameName: string[]
  /** the level from which base.wxml hands the subtree to its recursive component */
  maxLevel: number
  /** the node name of text nodes */
  text: string
}

export function readTemplateLevels(dist: string): TemplateLevels {
  const wxs = readFileSync(join(dist, 'utils.wxs'), 'utf8')
  const base = readFileSync(join(dist, 'base.wxml'), 'utf8')
  const list = (name: string) => JSON.parse(wxs.match(new RegExp(`var ${name} = (\\[[^\\]]*\\])`))![1]) as string[]
  const maxLevel = Number(wxs.match(/if \(l >= (\d+)\)/)![1])
  const text = base.match(/<template name="tmpl_0_([^"]+)">\s*<block>\{\{i\.v\}\}<\/block>/)![1]
  return { nested: list('a'), sameName: list('b'), maxLevel, text }
}

/** Counts the WXML nodes `root`'s children become, following base.wxml's templates (taro_tmpl, tmpl_N_nn, comp). */
export function countWxmlNodes(root: MpNode, levels: TemplateLevels): WxmlNodeCount {
  const n = { elements: 0, components: 0, texts: 0 }
  // utils.wxs f: the chain of same-name ancestors
  const chain = (l: string, nn: string) => (levels.sameName.includes(nn) ? (l ? `${l},${nn}` : nn) : l)
  const visit = (node: MpNode, c: number, l: string) => {
    for (const child of node.cn ?? []) {
      if (child.nn === levels.text) {
        n.texts++
        continue
      }
      // utils.wxs a: the template level of the child
      let level = levels.nested.includes(child.nn) ? c : 0
      if (levels.sameName.includes(child.nn)) level = l.split(',').filter((x) => x === child.nn).length
      n.elements++
      if (level >= levels.maxLevel) {
        // tmpl_<max>_container: <comp>, whose comp.wxml draws the node again from level 0
        n.components++
        visit(child, 1, chain('', child.nn))
      } else visit(child, c + 1, chain(l, child.nn))
    }
  }
  // taro_tmpl: the root's children at level 0, their children from 1
  visit(root, 0, '')
  return { ...n, total: n.elements + n.texts }
}

/** The nodes of WXML markup (a pre-rendered first screen): its elements (`block`, `template` and `import` draw none) and text nodes. */
export function countMarkupNodes(markup: string): { elements: number; texts: number; total: number } {
  const tags = [...markup.matchAll(/<([a-z][\w-]*)[\s/>]/g)].map((m) => m[1])
  const elements = tags.filter((t) => !['block', 'template', 'import', 'wxs', 'slot'].includes(t)).length
  const texts = markup.split(/<[^>]*>/).filter((t) => t.trim() !== '').length
  return { elements, texts, total: elements + texts }
}
