import { Text, View } from '@tarojs/components'
import { checkboxProps, linkProps } from '@/platform/a11y'
import { openPage } from '@/router/navigate'

/** What a login tapped before the box is ticked says (under the form). */
export const CONSENT_REQUIRED_TEXT = '请先阅读并同意用户协议和隐私政策'
/** The box's accessible name: the whole sentence it agrees to. */
export const CONSENT_LABEL = '我已阅读并同意《用户协议》和《隐私政策》'

/**
 * The consent every login needs first (个人信息保护法: the viewer agrees to the 用户协议 and 隐私政策 before any of
 * their information is sent): a box, unticked whenever the login form appears, and the two documents as links to
 * package B's legal page (their texts are configuration: config/env.ts).
 */
export function Consent({ agreed, onToggle }: { agreed: boolean; onToggle: () => void }) {
  const toggle = onToggle
  return (
    <View className='user-consent'>
      <View
        className={`user-consent__box${agreed ? ' user-consent__box--on' : ''}`}
        {...checkboxProps(agreed, CONSENT_LABEL)}
        onClick={toggle}
      >
        {agreed ? '✓' : ''}
      </View>
      <Text className='user-consent__text'>
        <Text onClick={toggle}>我已阅读并同意</Text>
        <Text
          className='user-consent__link'
          {...linkProps()}
          onClick={() => void openPage('legal', { doc: 'agreement' })}
        >
          《用户协议》
        </Text>
        <Text onClick={toggle}>和</Text>
        <Text
          className='user-consent__link'
          {...linkProps()}
          onClick={() => void openPage('legal', { doc: 'privacy' })}
        >
          《隐私政策》
        </Text>
      </Text>
    </View>
  )
}
