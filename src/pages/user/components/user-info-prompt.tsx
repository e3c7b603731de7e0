import { Button, Input, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { sessionStore } from '@/stores/session'

/**
 * R4.46, R9.23: a user still named 微信用户 is asked for a nickname, unless they skipped within the last 7 days.
 * Saving uses /userapp/userinfo/update (R7.63).
 */
function UserInfoPromptView() {
  const s = sessionStore
  const [name, setName] = useState('')
  if (!s.needsUserInfo || s.bindMobileVisible) return null
  return (
    <View className='user-card user-info-prompt'>
      <Text className='user-info-prompt__title'>完善个人资料</Text>
      <Text className='user-info-prompt__desc'>设置一个昵称，让主播和其他观众认识你</Text>
      <View className='user-form__row'>
        <Input className='user-form__input user-info-prompt__name' type='nickname' maxlength={20} placeholder='请输入昵称' value={name} onInput={(e) => setName(e.detail.value)} />
      </View>
      <View className='user-info-prompt__actions'>
        <Text className='user-info-prompt__skip' onClick={() => s.skipUserInfo()}>
          跳过
        </Text>
        <Button className='user-info-prompt__save' size='mini' onClick={() => name.trim() && void s.updateUserInfo({ name: name.trim() })}>
          保存
        </Button>
      </View>
    </View>
  )
}

export const UserInfoPrompt = observer(UserInfoPromptView)
