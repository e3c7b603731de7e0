import type { ActivityModule } from '../types'
import { LotteryStore } from './store'
import { LotteryView } from './view'

const lottery: ActivityModule<LotteryStore> = {
  kind: 'lottery',
  label: '抽奖',
  createStore: (ctx) => new LotteryStore(ctx),
  View: LotteryView
}
export default lottery
