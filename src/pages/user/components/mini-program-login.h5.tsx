import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { currentPlatform } from '@/platform/current'
import { loginStore, type Outcome } from '@/stores/login'

/**
 * H5: no mini-program login. In the messenger's own browser the messenger's OAuth redirect is offered instead
 * (R1.10, R7.58, R7.60), once the viewer has ticked the 用户协议 / 隐私政策 box (`consented`); elsewhere only the
 * mobile forms show. The redirect has no form failure to report, so `onOutcome` (the mini-program file's prop) goes
 * unused.
 */
function MessengerLoginView({ consented }: { onOutcome: (outcome: Outcome) => void; consented: () => boolean }) {
  if (currentPlatform() !== 'WECHAT') return null
  const s = loginStore
  return (
    <View className='user-mp-login'>
      <Button
        className='user-mp-login__btn'
        disabled={s.loggingIn}
        onClick={() => {
          if (consented()) void s.loginWithMessengerRedirect(window.location.href)
        }}
      >
        微信授权登录
      </Button>
      <Text className='user-mp-login__or'>或使用手机号登录</Text>
    </View>
  )
}

export const MiniProgramLogin = observer(MessengerLoginView)
