import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { useTab } from '@/hooks/use-tab'
import { SINGLE_PAGE_TIP, sessionStore } from '@/stores/session'
import { BindMobile } from './components/bind-mobile'
import { LoginForm } from './components/login-form'
import { MiniProgramLogin } from './components/mini-program-login'
import { Avatar, Profile } from './components/profile'
import { UserInfoPrompt } from './components/user-info-prompt'
import './user.scss'

/** 我的: the login screens for visitors (spec R4 "Login"), the profile for users. */
function UserPage() {
  useTab('user')
  const s = sessionStore
  useEffect(() => {
    void s.start()
  }, [])
  return (
    <View className='page page--tab user'>
      {s.singlePageMode ? <Text className='user-tip'>{SINGLE_PAGE_TIP}</Text> : null}
      {s.isLoggedIn ? (
        <View>
          <Profile />
          <UserInfoPrompt />
          <BindMobile />
        </View>
      ) : (
        <View className='user-login'>
          <View className='user-head'>
            <Avatar src='' name={s.user.nickName} />
            <View className='user-head__info'>
              <Text className='user-head__name'>{s.user.nickName}</Text>
              <Text className='user-head__mobile'>登录后可关注主播、参与互动</Text>
            </View>
          </View>
          <View className='user-card'>
            <MiniProgramLogin />
            <LoginForm />
          </View>
        </View>
      )}
      <TabBarSlot />
    </View>
  )
}

export default observer(UserPage)
