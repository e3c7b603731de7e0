import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { loginStore, type Outcome } from '@/stores/login'

/**
 * Mini-program login (R1.9, R7.55): the tap must reach wx.getUserProfile directly; refusing it gives the 登录失败
 * dialog (R5.15, R8.16); another failure's message goes to the login form through `onOutcome`. The H5 build has its
 * own file.
 */
function MiniProgramLoginView({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const s = loginStore
  return (
    <View className='user-mp-login'>
      <Button
        className='user-mp-login__btn'
        disabled={s.loggingIn || s.singlePageMode}
        onClick={() => void s.loginMiniProgram().then(onOutcome)}
      >
        微信一键登录
      </Button>
      <Text className='user-mp-login__or'>或使用手机号登录</Text>
    </View>
  )
}

export const MiniProgramLogin = observer(MiniProgramLoginView)
