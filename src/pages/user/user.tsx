import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { TabBarSlot } from '@/components/tab-bar-slot'
import { useTab } from '@/hooks/use-tab'
import { SINGLE_PAGE_TIP, loginStore } from '@/stores/login'
import { sessionStore } from '@/stores/session'
import { linkProps } from '@/platform/a11y'
import { openPage } from '@/router/navigate'
import { BindMobile } from './components/bind-mobile'
import { LoginForm } from './components/login-form'
import { Avatar, Profile } from './components/profile'
import { UserInfoPrompt } from './components/user-info-prompt'
import './user.scss'

/** 我的: the login screens for visitors (spec R4 "Login"), the profile for users. */
function UserPage() {
  useTab('user')
  const s = sessionStore
  useEffect(() => {
    void loginStore.start()
  }, [])
  // R4.47: a user without a mobile is asked to bind one whenever they arrive (a login, or the restored user at start)
  const [bindMobileOpen, setBindMobileOpen] = useState(false)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again only when s.token, s.user.id change; what else it reads belongs to those
  useEffect(() => setBindMobileOpen(s.needsMobile), [s.token, s.user.id])
  return (
    <View className='page page--tab user'>
      {loginStore.singlePageMode ? <Text className='user-tip'>{SINGLE_PAGE_TIP}</Text> : null}
      {s.isLoggedIn ? (
        <View>
          <Profile onBindMobile={() => setBindMobileOpen(true)} />
          <UserInfoPrompt bindMobileOpen={bindMobileOpen} />
          <BindMobile open={bindMobileOpen} onClose={() => setBindMobileOpen(false)} />
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
          <LoginForm />
        </View>
      )}
      {/* the device's own record, for visitors too (src/stores/watch-history.ts) */}
      <View className='user-card user-menu'>
        <View className='user-menu__item user-menu__history' {...linkProps()} onClick={() => openPage('history')}>
          <Text className='user-menu__label'>观看历史</Text>
          <Text className='user-menu__arrow'>›</Text>
        </View>
      </View>
      <TabBarSlot />
    </View>
  )
}

export default observer(UserPage)
