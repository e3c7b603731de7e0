import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { buttonProps } from '../aria'
import { ActivityCard } from '../card'
import type { ViewProps } from '../types'
import type { QuizStore } from './store'
import './view.scss'

/** The quiz card: options; after answering, right or wrong and the right answer. */
export const QuizView = observer(function QuizView({ store, onClose }: ViewProps<QuizStore>) {
  const quiz = store.quiz
  if (!quiz) return null
  const result = store.result
  const right = result ? quiz.options.find((o) => o.id === Number(result.answer)) : undefined
  return (
    <ActivityCard kind='quiz' label='答题' title={quiz.title} onClose={onClose}>
      {quiz.options.map((o) => (
        <View
          key={o.id}
          className={`act-quiz__option${store.myAnswer === o.id ? ' act-quiz__option--mine' : ''}${right?.id === o.id ? ' act-quiz__option--right' : ''}`}
          data-option={o.id}
          {...buttonProps(o.title)}
          onClick={() => void store.answer(o.id)}
        >
          {o.title}
        </View>
      ))}
      {result && store.myAnswer ? (
        <Text className={`act-quiz__result act-quiz__result--${result.correct ? 'right' : 'wrong'}`}>
          {result.correct ? '回答正确！' : `回答错误，正确答案：${right?.title ?? ''}`}
        </Text>
      ) : (
        <Text className='act-quiz__foot'>{store.myAnswer ? '已作答' : '选择一个答案'}</Text>
      )}
    </ActivityCard>
  )
})
