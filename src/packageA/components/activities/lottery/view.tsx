import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { env } from '@/env'
import { requestSubscription } from '@/platform/subscribe'
import { chatStore } from '@/packageA/components/danmaku/chat-store'
import { buttonProps } from '../aria'
import { ActivityCard } from '../card'
import { openRecords } from '../records'
import { TimeLeft, usePast } from '../time-left'
import type { ViewProps } from '../types'
import type { LotteryStore } from './store'
import './view.scss'

/** R9.26: the lottery-win subscription is asked inside the tap that joins (the mini-program allows it only there). */
function subscribeWin() {
  void requestSubscription(env.TARO_APP_TMPL_LOTTERY_WIN || '')
}

/** The lottery card: the text lottery's 口令 (sent as chat) or the grab button, then the result and the records. */
export const LotteryView = observer(function LotteryView({ store, roomId, onClose }: ViewProps<LotteryStore>) {
  const l = store.lottery
  // its draw time has come: no more entries (the server refuses them), the draw is the operator's next step
  const closed = usePast(l?.end_time)
  if (!l) return null
  const outcome = store.outcome
  const finished = store.status === 'finish'
  return (
    <ActivityCard
      kind='lottery'
      label={store.isText ? '口令抽奖' : '抽奖'}
      title={l.prize ? `奖品：${l.prize}` : undefined}
      onClose={onClose}
    >
      {finished ? (
        outcome ? (
          <Text className={`act-lottery__outcome act-lottery__outcome--${outcome.win ? 'win' : 'loss'}`}>
            {outcome.win ? `恭喜中奖：${outcome.prize}` : '很遗憾，未中奖'}
          </Text>
        ) : (
          <Text className='act-lottery__outcome'>已开奖</Text>
        )
      ) : closed && !store.joined ? (
        <Text className='act-lottery__state'>已截止参与，等待开奖</Text>
      ) : store.isText ? (
        <View className='act-lottery__text'>
          <Text className='act-lottery__code'>发送口令「{l.title}」参与抽奖</Text>
          {store.status === 'sent' ? (
            <Text className='act-lottery__state'>已发送口令，等待开奖</Text>
          ) : (
            <View
              className='act-lottery__send'
              {...buttonProps('发送口令')}
              onClick={() => {
                subscribeWin()
                void chatStore.room(roomId).send(l.title)
              }}
            >
              发送口令
            </View>
          )}
        </View>
      ) : store.joined ? (
        <Text className='act-lottery__state'>已参与，等待开奖</Text>
      ) : (
        <View
          className='act-lottery__join'
          {...buttonProps('参与抽奖')}
          onClick={() => {
            subscribeWin()
            void store.join()
          }}
        >
          {l.title}
        </View>
      )}
      {/* its own tick runs each second: at the draw time it goes with the join, not up to a second later */}
      {!finished && !closed ? <TimeLeft endSec={l.end_time} suffix=' 开奖' className='act-lottery__left' /> : null}
      {finished && l.userlist?.length ? (
        <Text className='act-lottery__winners'>中奖名单：{l.userlist.map((u) => u.uname).join('、')}</Text>
      ) : null}
      <View
        className='act-lottery__records'
        {...buttonProps('抽奖记录')}
        onClick={() => void openRecords('lottery-records', roomId)}
      >
        抽奖记录
      </View>
    </ActivityCard>
  )
})
