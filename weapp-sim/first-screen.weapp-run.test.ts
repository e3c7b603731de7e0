// The first screens of home and the live room in the built mini-program: their pre-rendered WXML (Taro's prerender,
// config/index.ts) is the page's loading layout, as the page's own first render draws it, and gives way to the page's
// content; and WeChat's experience limits of a first load (budgets.json weappSetData): the first setData and every
// setData of the load at most 32 KB, home under 1000 WXML nodes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PAGE_CASES } from './cases'
import { FIRST_SCREEN_PAGES, kb, measureFirstScreens, prerenderedWxml, readBudget } from './setdata'
import { assertNoErrors, weappSuite } from './support'
import { countMarkupNodes, isText, walk, type MpNode } from './tree'

const s = weappSuite()
const budget = readBudget()

/** The classes and texts of a tree in document order, as the markup of its pre-rendered WXML lists them. */
function drawn(root: MpNode): { classes: string[]; texts: string[] } {
  const classes: string[] = []
  const texts: string[] = []
  for (const { node } of walk(root)) {
    if (node === root) continue
    if (isText(node)) texts.push(String(node.v).trim())
    else if (node.cl) classes.push(node.cl)
  }
  return { classes, texts: texts.filter(Boolean) }
}

function markup(xml: string): { classes: string[]; texts: string[] } {
  return {
    classes: [...xml.matchAll(/class="([^"]*)"/g)].map((m) => m[1]),
    texts: xml
      .split(/<[^>]*>/)
      .map((t) => t.trim())
      .filter(Boolean)
  }
}

for (const route of FIRST_SCREEN_PAGES) {
  const c = PAGE_CASES.find((x) => x.route === route)!
  test(`${route === 'pages/home/home' ? 'R2.42' : 'R2.8'} ${route}: its .wxml holds the pre-rendered first screen, the page's first render, which gives way to its content`, async () => {
    const pre = prerenderedWxml(route)
    assert.ok(pre, `${route}.wxml has a pre-rendered branch`)
    const nodes = countMarkupNodes(pre)
    assert.ok(nodes.elements > 5, `${nodes.elements} elements pre-rendered`)
    assert.doesNotMatch(pre, /page-state--error|不存在|失败/, 'no error in the first screen')
    const sim = await s.launch(route, c.query)
    // the page's own first render draws what WeChat showed before the script ran
    const first = await sim.waitFor(() => sim.page.firstRoot, 'the first render')
    assert.deepEqual(markup(pre), drawn(first))
    for (const text of await c.expect(s.server)) await sim.waitForText(text)
    // the template's wx:if turns to the page's tree once the page has set it
    assert.ok(sim.page.data.root?.uid, 'root.uid is set')
    assertNoErrors(sim)
  })
}

test('R2.42 R2.8 home and live room 496: the first setData and every setData of the load ≤ 32 KB; home under 1000 WXML nodes', async (t) => {
  const pages = await measureFirstScreens(s.server)
  assert.deepEqual(
    pages.map((p) => p.page),
    [...FIRST_SCREEN_PAGES]
  )
  for (const p of pages) {
    t.diagnostic(
      `${p.page}: first setData ${kb(p.firstCallBytes)} KB, ${p.loadCalls} calls to load, max ${kb(p.loadMaxBytes)} KB; ` +
        `${p.nodes.total} WXML nodes (${p.nodes.elements} elements, ${p.nodes.texts} texts, ${p.nodes.components} virtual-host components) + tab bar ${p.tabBarNodes}; ` +
        `pre-rendered ${p.prerenderNodes} nodes, ${p.prerenderBytes} bytes`
    )
    assert.ok(p.firstCallBytes > 0, `${p.page} rendered`)
    assert.ok(p.firstCallBytes <= budget.firstCallMaxBytes, `${p.page}: a first setData of ${kb(p.firstCallBytes)} KB`)
    assert.ok(
      p.loadMaxBytes <= budget.loadCallMaxBytes,
      `${p.page}: a setData of ${kb(p.loadMaxBytes)} KB while loading`
    )
    assert.ok(p.prerenderNodes > 0, `${p.page} is pre-rendered`)
  }
  const home = pages[0]
  const homeNodes = home.nodes.total + home.tabBarNodes
  // the measurement saw the page with its data: its sections and rooms, not a loading state
  assert.ok(homeNodes > 300, `home drew ${homeNodes} nodes`)
  assert.ok(homeNodes < budget.homeMaxNodes, `home: ${homeNodes} WXML nodes`)
  assert.ok(home.prerenderNodes < budget.homeMaxNodes, `home's first screen: ${home.prerenderNodes} nodes`)
})
