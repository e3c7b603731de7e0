import { Button, Input, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { failureOf, loginStore, type Outcome } from '@/stores/login'
import { Consent, CONSENT_REQUIRED_TEXT } from './consent'
import { MiniProgramLogin } from './mini-program-login'
import { SmsCodeButton } from './sms-code-button'
import { disabledProps, tablistProps, tabProps } from '@/platform/a11y'

export type LoginMode = 'password' | 'sms'

/**
 * The visitor's login card: the mini-program login (R1.9; the messenger's on H5, R1.10) above mobile + password
 * (R1.13, R7.54) and mobile + SMS code (R1.12). Validation (R5.1, R5.14) and the 登录中 loading toast (R8.15) live in
 * the login store; the form shows the last failure of any of them (R5.14–R5.16): a new login clears it, a failure
 * sets it, a sent code clears it. Nothing is sent (no login, no SMS code, no WeChat login) until the viewer ticks the
 * 用户协议 / 隐私政策 box (consent.tsx): before that each of them says CONSENT_REQUIRED_TEXT.
 */
function LoginFormView({ initialMode = 'password' }: { initialMode?: LoginMode }) {
  const s = loginStore
  const [mode, setMode] = useState<LoginMode>(initialMode)
  const [mobile, setMobile] = useState('')
  const [password, setPassword] = useState('')
  const [verify, setVerify] = useState('')
  const [error, setError] = useState('')
  const [agreed, setAgreed] = useState(false)
  // read by the buttons' taps, which may come before the tick's render (a handler of that render would see false)
  const agreedNow = useRef(false)
  const show = (outcome: Outcome) => setError(failureOf(outcome))
  const consented = () => {
    if (agreedNow.current) return true
    // said under the form, not in a toast, which would cover the box it asks for
    setError(CONSENT_REQUIRED_TEXT)
    return false
  }
  const toggleAgreed = () => {
    const value = !agreedNow.current
    agreedNow.current = value
    setAgreed(value)
    if (value) setError((e) => (e === CONSENT_REQUIRED_TEXT ? '' : e))
  }
  const submit = () => {
    if (s.loggingIn || !consented()) return
    setError('')
    void (mode === 'password' ? s.loginWithPassword(mobile, password) : s.loginWithSms(mobile, verify)).then(show)
  }
  return (
    <View className='user-card'>
      <MiniProgramLogin onOutcome={show} consented={consented} />
      <View className='user-form'>
        <View className='user-form__tabs' {...tablistProps('登录方式')}>
          <Text
            className={`user-form__tab${mode === 'password' ? ' user-form__tab--on' : ''}`}
            {...tabProps(mode === 'password')}
            onClick={() => setMode('password')}
          >
            密码登录
          </Text>
          <Text
            className={`user-form__tab${mode === 'sms' ? ' user-form__tab--on' : ''}`}
            {...tabProps(mode === 'sms')}
            onClick={() => setMode('sms')}
          >
            验证码登录
          </Text>
        </View>
        <View className='user-form__row'>
          <Input
            className='user-form__input user-form__mobile'
            type='number'
            maxlength={11}
            placeholder='请输入手机号'
            value={mobile}
            onInput={(e) => setMobile(e.detail.value)}
          />
        </View>
        {mode === 'password' ? (
          <View className='user-form__row'>
            <Input
              className='user-form__input user-form__password'
              password
              maxlength={64}
              placeholder='请输入密码'
              value={password}
              onInput={(e) => setPassword(e.detail.value)}
              onConfirm={submit}
            />
          </View>
        ) : (
          <View className='user-form__row'>
            <Input
              className='user-form__input user-form__verify'
              type='number'
              maxlength={6}
              placeholder='请输入验证码'
              value={verify}
              onInput={(e) => setVerify(e.detail.value)}
              onConfirm={submit}
            />
            <SmsCodeButton mobile={mobile} onOutcome={show} consented={consented} />
          </View>
        )}
        {error ? <Text className='user-form__error'>{error}</Text> : null}
        <Button className='user-form__submit' disabled={s.loggingIn} {...disabledProps(s.loggingIn)} onClick={submit}>
          {s.loggingIn ? '登录中' : '登录'}
        </Button>
        <Consent agreed={agreed} onToggle={toggleAgreed} />
      </View>
    </View>
  )
}

export const LoginForm = observer(LoginFormView)
