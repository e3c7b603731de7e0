import { Button, Input, Text, View } from '@tarojs/components'
import { AltImage } from '@/components/alt-image'
import { observer } from 'mobx-react-lite'
import { NICKNAME_MAX, profileStore } from '../profile-store'
import { sessionStore } from '@/stores/session'
import { AvatarButton } from './avatar-button'
import './profile-editor.scss'

/**
 * 编辑资料 (spec R7.63, R7.107): the avatar — tap it to pick an image (the mini-program: WeChat's chooseAvatar, which
 * offers the WeChat avatar; avatar-button.tsx), uploaded at once — and the nickname (`type='nickname'`: WeChat's
 * keyboard offers the WeChat nickname; WeChat checks it on blur, so the blur's value is taken too); 保存 sends both. Upload failures say why (R8.8), a refused save shows the server's message.
 */
function ProfileEditorView() {
  const p = profileStore
  if (!p.visible || !sessionStore.isLoggedIn) return null
  const initial = (p.name || sessionStore.user.nickName || '游').slice(0, 1)
  return (
    <View className='user-modal profile-editor' catchMove>
      <View className='user-modal__panel'>
        <Text className='user-modal__title'>编辑资料</Text>
        <AvatarButton>
          {p.avatar ? (
            <AltImage className='profile-editor__avatar-img' src={p.avatar} mode='aspectFill' alt='' />
          ) : (
            <Text className='profile-editor__avatar-text'>{initial}</Text>
          )}
          <Text className='profile-editor__avatar-tip'>{p.uploading ? '上传中…' : '更换头像'}</Text>
        </AvatarButton>
        <View className='user-form__row'>
          <Input
            className='user-form__input profile-editor__name'
            type='nickname'
            maxlength={NICKNAME_MAX}
            placeholder='请输入昵称'
            value={p.name}
            onInput={(e) => p.setName(e.detail.value)}
            onBlur={(e) => p.setName(e.detail.value)}
          />
        </View>
        {p.error ? <Text className='user-form__error profile-editor__error'>{p.error}</Text> : null}
        <Button
          className='user-form__submit profile-editor__save'
          disabled={p.saving || p.uploading}
          onClick={() => void p.save()}
        >
          {p.saving ? '保存中…' : '保存'}
        </Button>
        <Text className='user-modal__skip profile-editor__cancel' onClick={() => p.close()}>
          取消
        </Text>
      </View>
    </View>
  )
}

export const ProfileEditor = observer(ProfileEditorView)
