import type { ActivityModule } from '../types'
import { VoteStore } from './store'
import { VoteView } from './view'

const vote: ActivityModule<VoteStore> = {
  kind: 'vote',
  label: '投票',
  createStore: (ctx) => new VoteStore(ctx),
  View: VoteView
}
export default vote
