import { View, Text } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { buttonProps } from '../aria'
import { ActivityCard } from '../card'
import type { ViewProps } from '../types'
import type { GoodsItem } from '@/api/activity'
import type { GoodsStore } from './store'
import './view.scss'

function Item({ item, store, card }: { item: GoodsItem; store: GoodsStore; card?: boolean }) {
  return (
    <View className={`act-goods__item${card ? ' act-goods__item--card' : ''}`} data-goods={item.id}>
      <Text className='act-goods__index'>{item.index}</Text>
      <AltImage className='act-goods__cover' src={item.cover} mode='aspectFill' alt='' />
      <View className='act-goods__info'>
        <Text className='act-goods__title'>{item.title}</Text>
        <Text className='act-goods__price'>¥{item.price}</Text>
      </View>
      <View className='act-goods__buy' {...buttonProps(`购买${item.title}`)} onClick={() => void store.buy(item)}>
        去购买
      </View>
    </View>
  )
}

/** The goods card on the stage: the item on screen (R4.41). */
export const GoodsView = observer(function GoodsView({ store, onClose }: ViewProps<GoodsStore>) {
  const item = store.onScreen
  useEffect(() => {
    if (item) store.track(item)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tracked once per item on screen, not per render of the same item
  }, [item?.id])
  if (!item) return null
  return (
    <ActivityCard kind='goods' label='商品' onClose={onClose}>
      <Item item={item} store={store} card />
    </ActivityCard>
  )
})

/** The 商品 tab: every goods of the room, numbered from 1 (R4.40). */
export const GoodsTabView = observer(function GoodsTabView({ store }: { store: GoodsStore; roomId: number }) {
  if (!store.loaded) return <Text className='activities__empty'>加载中</Text>
  if (!store.list.length) return <Text className='activities__empty'>暂无商品</Text>
  return (
    <View className='act-goods__list'>
      {store.list.map((g) => (
        <Item key={g.id} item={g} store={store} />
      ))}
    </View>
  )
})
