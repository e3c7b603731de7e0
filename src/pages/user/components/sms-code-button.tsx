import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { SMS_COUNTDOWN, useCountdown } from '@/hooks/use-countdown'
import { buttonProps } from '@/platform/a11y'
import { loginStore } from '@/stores/login'

/** 获取验证码, then the 60 s countdown (R7.61, R9.9); a failure shows the server message (R5.16). */
function SmsCodeButtonView({ mobile }: { mobile: string }) {
  const countdown = useCountdown()
  const waiting = countdown.left > 0
  return (
    <Text
      className={`user-form__code-btn${waiting ? ' user-form__code-btn--waiting' : ''}`}
      {...buttonProps()}
      onClick={() => {
        if (!waiting) void loginStore.sendSmsCode(mobile).then((sent) => sent && countdown.start(SMS_COUNTDOWN))
      }}
    >
      {waiting ? `${countdown.left}s 后重新获取` : '获取验证码'}
    </Text>
  )
}

export const SmsCodeButton = observer(SmsCodeButtonView)
