import { Button, Input, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { failureOf, loginStore } from '@/stores/login'
import { sessionStore } from '@/stores/session'
import { SmsCodeButton } from './sms-code-button'
import { buttonProps } from '@/platform/a11y'

/**
 * R4.47, R7.62: the mobile-binding modal for a user without a mobile; failures (of the binding and of the SMS code)
 * show the server message (R5.16) until a code is sent or the binding succeeds. Whether it is open is the user
 * page's (`open`, `onClose`).
 */
function BindMobileView({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = loginStore
  const [mobile, setMobile] = useState('')
  const [verify, setVerify] = useState('')
  const [error, setError] = useState('')
  if (!open || !sessionStore.isLoggedIn) return null
  return (
    <View className='user-modal' catchMove>
      <View className='user-modal__panel user-bind'>
        <Text className='user-modal__title'>绑定手机号</Text>
        <Text className='user-modal__desc'>为了账号安全，请绑定手机号</Text>
        <View className='user-form__row'>
          <Input
            className='user-form__input user-bind__mobile'
            type='number'
            maxlength={11}
            placeholder='请输入手机号'
            value={mobile}
            onInput={(e) => setMobile(e.detail.value)}
          />
        </View>
        <View className='user-form__row'>
          <Input
            className='user-form__input user-bind__verify'
            type='number'
            maxlength={6}
            placeholder='请输入验证码'
            value={verify}
            onInput={(e) => setVerify(e.detail.value)}
          />
          <SmsCodeButton mobile={mobile} onOutcome={(outcome) => setError(failureOf(outcome))} />
        </View>
        {error ? <Text className='user-form__error'>{error}</Text> : null}
        <Button
          className='user-form__submit'
          onClick={() =>
            void s.bindMobile(mobile, verify).then((outcome) => {
              setError(failureOf(outcome))
              if (outcome.ok) onClose()
            })
          }
        >
          绑定
        </Button>
        <Text className='user-modal__skip' {...buttonProps()} onClick={onClose}>
          暂不绑定
        </Text>
      </View>
    </View>
  )
}

export const BindMobile = observer(BindMobileView)
