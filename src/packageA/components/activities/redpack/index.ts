import type { ActivityModule } from '../types'
import { RedpackStore } from './store'
import { RedpackView } from './view'

const redpack: ActivityModule<RedpackStore> = {
  kind: 'redpack',
  label: '红包',
  createStore: (ctx) => new RedpackStore(ctx),
  View: RedpackView
}
export default redpack
