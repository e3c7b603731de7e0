import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { SMS_COUNTDOWN, useCountdown } from '@/hooks/use-countdown'
import { buttonProps } from '@/platform/a11y'
import { loginStore, type Outcome } from '@/stores/login'

/**
 * 获取验证码, then the 60 s countdown (R7.61, R9.9), which starts only when a code was sent. The form around it shows
 * a failure's server message (R5.16) from `onOutcome`. On the login form no code is asked for before `consented` says
 * the viewer agreed to the 用户协议 and 隐私政策 (binding a mobile comes after a login, which needed it).
 */
function SmsCodeButtonView({
  mobile,
  onOutcome,
  consented = () => true
}: {
  mobile: string
  onOutcome: (outcome: Outcome) => void
  consented?: () => boolean
}) {
  const countdown = useCountdown()
  const waiting = countdown.left > 0
  return (
    <Text
      className={`user-form__code-btn${waiting ? ' user-form__code-btn--waiting' : ''}`}
      {...buttonProps()}
      onClick={() => {
        if (waiting || !consented()) return
        void loginStore.sendSmsCode(mobile).then((outcome) => {
          onOutcome(outcome)
          if (outcome.ok) countdown.start(SMS_COUNTDOWN)
        })
      }}
    >
      {waiting ? `${countdown.left}s 后重新获取` : '获取验证码'}
    </Text>
  )
}

export const SmsCodeButton = observer(SmsCodeButtonView)
