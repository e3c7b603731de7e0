import { Button, Text, View } from '@tarojs/components'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { loginStore, type Outcome } from '@/stores/login'

/**
 * Mini-program login (R1.9, R7.55): while the button shows, the wx.login code is fetched and kept fresh (the login
 * store, src/platform/mp-login.ts); the tap sends it with encryptedData and iv. Refusing WeChat's privacy prompt
 * gives the 登录失败 dialog (R5.15, R8.16); another failure's message goes to the login form through `onOutcome`.
 * Before the viewer ticks the 用户协议 / 隐私政策 box (`consented`, the form's) the tap asks WeChat for nothing and
 * logs nobody in. The H5 build has its own file.
 */
function MiniProgramLoginView({
  onOutcome,
  consented
}: {
  onOutcome: (outcome: Outcome) => void
  consented: () => boolean
}) {
  const s = loginStore
  useEffect(() => {
    s.prepareMiniProgramLogin()
    return () => s.pauseMiniProgramLogin()
  }, [s])
  useDidShow(() => s.prepareMiniProgramLogin())
  useDidHide(() => s.pauseMiniProgramLogin())
  return (
    <View className='user-mp-login'>
      <Button
        className='user-mp-login__btn'
        disabled={s.loggingIn || s.singlePageMode}
        onClick={() => {
          if (consented()) void s.loginMiniProgram().then(onOutcome)
        }}
      >
        微信一键登录
      </Button>
      <Text className='user-mp-login__or'>或使用手机号登录</Text>
    </View>
  )
}

export const MiniProgramLogin = observer(MiniProgramLoginView)
