import { View } from '@tarojs/components'
import type { PropsWithChildren } from 'react'
import { profileStore } from '../profile-store'

/** 编辑资料's avatar, H5: a tap opens the platform's image picker (src/platform/image-picker.h5.ts). */
export function AvatarButton({ children }: PropsWithChildren) {
  return (
    <View
      className='profile-editor__avatar'
      role='button'
      aria-label='更换头像'
      onClick={() => void profileStore.chooseAvatar()}
    >
      {children}
    </View>
  )
}
