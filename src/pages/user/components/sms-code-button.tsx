import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { sessionStore } from '@/stores/session'
import { buttonProps } from '@/platform/a11y'

/** 获取验证码, then the 60 s countdown (R7.61, R9.9); a failure shows the server message (R5.16). */
function SmsCodeButtonView({ mobile }: { mobile: string }) {
  const s = sessionStore
  const waiting = s.smsCountdown > 0
  return (
    <Text
      className={`user-form__code-btn${waiting ? ' user-form__code-btn--waiting' : ''}`}
      {...buttonProps()}
      onClick={() => {
        if (!waiting) void s.sendSmsCode(mobile)
      }}
    >
      {waiting ? `${s.smsCountdown}s 后重新获取` : '获取验证码'}
    </Text>
  )
}

export const SmsCodeButton = observer(SmsCodeButtonView)
