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
