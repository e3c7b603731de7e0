import { Button, Text, View } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import { openPage } from '@/router/navigate'
import { balanceStore } from '@/stores/balance'
import { loginStore } from '@/stores/login'
import { sessionStore } from '@/stores/session'
import { CURRENCY } from '@/utils/currency'
import { showModal } from '@/ui/overlay'
import { maskPhones } from '@/utils/validate'
import { profileStore } from '../profile-store'
import { ProfileEditor } from './profile-editor'
import { buttonProps, linkProps } from '@/platform/a11y'
import { LIST_TYPES } from '@/router/list-types'

export function Avatar({ src, name }: { src: string; name: string }) {
  if (src) return <AltImage className='user-head__avatar' src={src} mode='aspectFill' alt={name} />
  return (
    <View className='user-head__avatar user-head__avatar--text'>
      <Text>{(name || '游').slice(0, 1)}</Text>
    </View>
  )
}

async function confirmLogout() {
  const res = await showModal({ title: '提示', content: '确定退出登录吗？' })
  if (res.confirm) await sessionStore.logout()
}

/**
 * The logged-in view: avatar, nickname, masked mobile, the 慧币 balance (R1.4; its row opens 充值), the profile editor
 * (R7.63), binding, logs, follows, logout. The balance is asked for when the user changes and whenever 我的 shows
 * again after hiding (back from a top-up, a gift or a paid room); the start's current-user check is the first ask.
 */
function ProfileView({ onBindMobile }: { onBindMobile: () => void }) {
  const s = sessionStore
  const u = s.user
  useEffect(() => {
    // after the session's start (started by the page's own effect, which runs after this one): its current-user
    // check answers the balance too
    void loginStore.start().then(() => balanceStore.loadBalance())
  }, [u.id])
  const hidden = useRef(false)
  useDidHide(() => (hidden.current = true))
  useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    void balanceStore.loadBalance()
  })
  const gold = balanceStore.gold
  return (
    <View className='user-profile'>
      <View className='user-head'>
        <Avatar src={u.avatar} name={u.nickName} />
        <View className='user-head__info'>
          <Text className='user-head__name'>{u.nickName}</Text>
          <Text className='user-head__mobile'>{u.mobile ? maskPhones(u.mobile) : '未绑定手机号'}</Text>
        </View>
      </View>
      <View className='user-card user-menu'>
        <View className='user-menu__item user-menu__edit' onClick={() => profileStore.open()}>
          <Text className='user-menu__label'>编辑资料</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
        <View
          className='user-menu__item user-menu__bind'
          {...buttonProps()}
          onClick={() => !u.mobile && onBindMobile()}
        >
          <Text className='user-menu__label'>手机号</Text>
          <Text className='user-menu__value'>{u.mobile ? '已绑定' : '去绑定'}</Text>
        </View>
        <View className='user-menu__item user-menu__gold' {...linkProps()} onClick={() => openPage('deposit')}>
          <Text className='user-menu__label'>我的{CURRENCY}</Text>
          <Text className='user-menu__value'>{gold ?? '--'}</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
        <View className='user-menu__item' {...linkProps()} onClick={() => openPage('list', { type: 'deposit' })}>
          <Text className='user-menu__label'>{LIST_TYPES.deposit}</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
        <View className='user-menu__item' {...linkProps()} onClick={() => openPage('list', { type: 'gift' })}>
          <Text className='user-menu__label'>{LIST_TYPES.gift}</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
        <View className='user-menu__item' {...linkProps()} onClick={() => openPage('consume')}>
          <Text className='user-menu__label'>消费记录</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
        <View className='user-menu__item' {...linkProps()} onClick={() => openPage('follow')}>
          <Text className='user-menu__label'>我的关注</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
      </View>
      <ProfileEditor />
      <Button className='user-logout' onClick={() => void confirmLogout()}>
        退出登录
      </Button>
    </View>
  )
}

export const Profile = observer(ProfileView)
