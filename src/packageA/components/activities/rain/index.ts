import type { ActivityModule } from '../types'
import { RainStore } from './store'
import { RainView } from './view'

const rain: ActivityModule<RainStore> = {
  kind: 'rain',
  label: '红包雨',
  createStore: (ctx) => new RainStore(ctx),
  View: RainView
}
export default rain
