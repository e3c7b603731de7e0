import type { ActivityModule } from '../types'
import { QuizStore } from './store'
import { QuizView } from './view'

const quiz: ActivityModule<QuizStore> = {
  kind: 'quiz',
  label: '答题',
  createStore: (ctx) => new QuizStore(ctx),
  View: QuizView
}
export default quiz
