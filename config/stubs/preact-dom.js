// `react-dom` of the mini-program build with framework 'preact' (config/index.ts):
// - Taro's app creator sees preact/compat's React version (18.x) and calls ReactDOM.createRoot, which preact/compat
//   keeps in preact/compat/client: this module is preact/compat with createRoot;
// - a number rendered as text (`{price} 慧币`) reaches Taro's text node as a number, where React hands every text over
//   as a string; it becomes a string here, so the page data (setData) holds text as it does with React.
import { options } from 'preact'
import compat from 'preact/compat'
import { createRoot } from 'preact/compat/client'

const previousVNode = options.vnode
options.vnode = (vnode) => {
  if (vnode.type === null && (typeof vnode.props === 'number' || typeof vnode.props === 'bigint'))
    vnode.props = String(vnode.props)
  if (previousVNode) previousVNode(vnode)
}

export * from 'preact/compat'
export { createRoot }
export default { ...compat, createRoot }
