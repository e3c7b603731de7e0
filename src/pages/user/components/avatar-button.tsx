import { Button } from '@tarojs/components'
import type { PropsWithChildren } from 'react'
import { profileStore } from '../profile-store'

/**
 * 编辑资料's avatar, mini-program: WeChat's 头像昵称填写 (a `chooseAvatar` button, base library 2.21.2+). WeChat offers
 * the viewer's WeChat avatar, the album and the camera, checks the image, and hands a temporary file to upload.
 * avatar-button.h5.tsx is the web's.
 */
export function AvatarButton({ children }: PropsWithChildren) {
  return (
    <Button
      className='profile-editor__avatar profile-editor__avatar--button'
      openType='chooseAvatar'
      aria-label='更换头像'
      onChooseAvatar={(e) => {
        const detail = (e.detail || {}) as { avatarUrl?: string; errMsg?: string }
        void profileStore.takeChosenAvatar(detail.avatarUrl, detail.errMsg)
      }}
    >
      {children}
    </Button>
  )
}
