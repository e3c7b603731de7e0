import { View, Text, Button } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { Streamer } from '@/api/streamer'
import { StreamerRow } from '@/components/streamer-item'
import { ListFoot } from '@/components/list-foot'
import { ListState } from '@/components/list-state'
import { PageState } from '@/components/page-state'
import { openPage } from '@/router/navigate'
import { sessionStore } from '@/stores/session'
import { loginPrompt } from '@/stores/login-prompt'
import { streamerStore } from '@/stores/streamer'
import './follow.scss'
import { withTopBar } from '@/components/top-bar'
import { quietly } from '@/utils/errors'

const openStreamer = (s: Streamer) => openPage('streamerDetail', { id: s.id, roomid: s.roomId || undefined })

/**
 * 我的关注 (spec R2.14, R7.43): the streamers I follow, paged, with pull-down refresh. Without login it asks to log in
 * (R4.6); a 401 on the call opens the login prompt too (R8.4).
 */
function FollowPage() {
  const list = streamerStore.follows
  const loggedIn = !!sessionStore.token
  // Follows change on other pages (R4.26 keeps this list in step); the first visit, or a login, loads it.
  const loadFirst = () => {
    if (sessionStore.token && list.currentPage === 0 && !list.loading) void quietly(list.load())
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when loggedIn changes; what else it reads belongs to those
  useEffect(loadFirst, [loggedIn])
  useDidShow(loadFirst)
  usePullDownRefresh(() => {
    if (!sessionStore.token) return Taro.stopPullDownRefresh()
    void quietly(list.load({ reset: true })).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (sessionStore.token) void quietly(list.load())
  })

  if (!loggedIn) {
    return (
      <View className='page follow-page'>
        <PageState empty emptyText='登录后查看关注的主播' />
        <View className='follow-page__login'>
          <Button className='follow-page__login-btn' onClick={() => void loginPrompt.goToLogin()}>
            去登录
          </Button>
        </View>
      </View>
    )
  }
  return (
    <View className='page follow-page'>
      {list.total > 0 && <Text className='follow-page__total'>共关注 {list.total} 位主播</Text>}
      {list.list.map((s) => (
        <StreamerRow key={s.id} streamer={s} onTap={openStreamer} />
      ))}
      <ListState list={list} emptyText='还没有关注的主播' />
      <ListFoot list={list} />
    </View>
  )
}

export default withTopBar(observer(FollowPage))
