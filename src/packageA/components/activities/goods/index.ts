import type { ActivityModule } from '../types'
import { GoodsStore } from './store'
import { GoodsTabView, GoodsView } from './view'

const goods: ActivityModule<GoodsStore> = {
  kind: 'goods',
  label: '商品',
  createStore: (ctx) => new GoodsStore(ctx),
  View: GoodsView,
  TabView: GoodsTabView
}
export default goods
