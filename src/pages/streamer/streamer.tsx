import { View, Text, ScrollView } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { RankingType, Streamer } from '@/api/streamer'
import { StreamerCell, StreamerRow } from '@/components/streamer-item'
import { ListFoot } from '@/components/list-foot'
import { ListState } from '@/components/list-state'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { useTab } from '@/hooks/use-tab'
import { openPage } from '@/router/navigate'
import { streamerStore } from '@/stores/streamer'
import './streamer.scss'
import { tablistProps, tabProps } from '@/platform/a11y'
import { quietly } from '@/utils/errors'

type Mode = 'tags' | 'ranking'

export const RANKING_TYPES: Array<{ key: RankingType; title: string }> = [
  { key: 'day', title: '日榜' },
  { key: 'week', title: '周榜' },
  { key: 'month', title: '月榜' }
]

/** 日榜, 周榜 or 月榜: a ranking's score is named after it (周榜得分), apart from the streamer's 人气. */
const rankingTitle = (type: RankingType) => RANKING_TYPES.find((t) => t.key === type)?.title ?? '榜单'

const openStreamer = (s: Streamer) => openPage('streamerDetail', { id: s.id, roomid: s.roomId || undefined })

/**
 * 主播 tab (spec R2.3, R2.47): streamers by tag, the hot tag first (R3.23), paged 15 at a time (R7.41); and the
 * streamer ranking (week by default, R9.6; tag 0, R7.50) with popularity in 万 (R9.20).
 */
function StreamerTabPage() {
  useTab('streamer')
  const s = streamerStore
  const [mode, setMode] = useState<Mode>('tags')
  useEffect(() => {
    if (!s.tagsLoaded) void quietly(s.loadTags())
    void quietly(s.selectTag(s.currentTag))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page mounts
  }, [])
  useEffect(() => {
    if (mode === 'ranking') void quietly(s.selectRanking(s.rankingType))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when mode changes; what else it reads belongs to those
  }, [mode])
  const list = mode === 'tags' ? s.currentList : s.currentRanking
  useReachBottom(() => {
    void quietly(list.load())
  })
  usePullDownRefresh(() => {
    const jobs: Array<Promise<unknown>> = [quietly(list.load({ reset: true }))]
    if (mode === 'tags') jobs.push(s.loadTags())
    void Promise.all(jobs).finally(() => Taro.stopPullDownRefresh())
  })
  return (
    <View className='page page--tab streamer-tab'>
      <View className='streamer-tab__modes' {...tablistProps('主播')}>
        {(['tags', 'ranking'] as Mode[]).map((m) => (
          <Text
            key={m}
            className={`streamer-tab__mode${mode === m ? ' streamer-tab__mode--active' : ''}`}
            {...tabProps(mode === m)}
            data-mode={m}
            onClick={() => setMode(m)}
          >
            {m === 'tags' ? '主播' : '人气榜'}
          </Text>
        ))}
      </View>
      {mode === 'tags' ? (
        <View>
          <ScrollView
            className='streamer-tab__tags'
            scrollX
            enhanced
            showScrollbar={false}
            {...tablistProps('主播标签')}
          >
            {s.tags.map((t) => (
              <Text
                key={t.id}
                className={`streamer-tab__tag${t.id === s.currentTag ? ' streamer-tab__tag--active' : ''}`}
                {...tabProps(t.id === s.currentTag)}
                data-tag={t.id}
                onClick={() => quietly(s.selectTag(t.id))}
              >
                {t.title}
              </Text>
            ))}
          </ScrollView>
          <View className='streamer-tab__grid'>
            {list.list.map((item) => (
              <StreamerCell key={item.id} streamer={item} onTap={openStreamer} />
            ))}
          </View>
          <ListState list={list} emptyText='该分类下还没有主播' />
        </View>
      ) : (
        <View>
          <View className='streamer-tab__types' {...tablistProps('榜单')}>
            {RANKING_TYPES.map((t) => (
              <Text
                key={t.key}
                className={`streamer-tab__type${t.key === s.rankingType ? ' streamer-tab__type--active' : ''}`}
                {...tabProps(t.key === s.rankingType)}
                data-type={t.key}
                onClick={() => quietly(s.selectRanking(t.key))}
              >
                {t.title}
              </Text>
            ))}
          </View>
          <View className='streamer-tab__ranking'>
            {list.list.map((item, i) => (
              <StreamerRow
                key={item.id}
                streamer={item}
                rank={item.rank ?? i + 1}
                scoreLabel={`${rankingTitle(s.rankingType)}得分`}
                onTap={openStreamer}
              />
            ))}
          </View>
          <ListState list={list} emptyText='暂无榜单数据' />
        </View>
      )}
      <ListFoot list={list} />
      <TabBarSlot />
    </View>
  )
}

export default observer(StreamerTabPage)
