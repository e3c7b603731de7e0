import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { profileStore } from '../profile-store'
import { userInfoPrompt } from '../user-info-prompt-store'
import { buttonProps } from '@/platform/a11y'

/**
 * R4.46, R9.23: a user still named 微信用户 is asked for a nickname, unless they skipped within the last 7 days.
 * 去完善 opens the profile editor: nickname and avatar (R7.63, R7.107).
 */
function UserInfoPromptView({ bindMobileOpen }: { bindMobileOpen: boolean }) {
  const s = userInfoPrompt
  if (!s.needed || bindMobileOpen || profileStore.visible) return null
  return (
    <View className='user-card user-info-prompt'>
      <Text className='user-info-prompt__title'>完善个人资料</Text>
      <Text className='user-info-prompt__desc'>设置昵称和头像，让主播和其他观众认识你</Text>
      <View className='user-info-prompt__actions'>
        <Text className='user-info-prompt__skip' {...buttonProps()} onClick={() => s.skip()}>
          跳过
        </Text>
        <Button className='user-info-prompt__save' size='mini' onClick={() => profileStore.open()}>
          去完善
        </Button>
      </View>
    </View>
  )
}

export const UserInfoPrompt = observer(UserInfoPromptView)
