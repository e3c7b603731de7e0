import { makeAutoObservable, runInAction } from 'mobx'
import { uploadFile, type Uploaded } from '@/api/upload'
import { updateUserInfo } from '@/api/user'
import { ApiError, failureText, type UploadFailure } from '@/utils/errors'
import { pickImage, type PickedImage } from '@/platform/image-picker'
import { notifyToast, showToast } from '@/ui/overlay'
import { normalizeUser, sessionStore } from '@/stores/session'
import { DEFAULT_MESSENGER_NICKNAME } from './user-info-prompt-store'
import { settle } from '@/core/call'

export const NICKNAME_MAX = 20
export const NICKNAME_REQUIRED_TEXT = '请输入昵称'
export const PROFILE_SAVED_TEXT = '保存成功'
/** WeChat gave no avatar because the viewer refused its privacy prompt. */
export const AVATAR_PRIVACY_TEXT = '你未同意《小程序隐私保护指引》，无法使用微信头像'

/** R8.8: what the viewer reads for each way an upload fails. An unparseable reply shows its raw text. */
export function uploadFailureText(err: unknown): string {
  if (err instanceof ApiError && err.kind === 'upload') {
    const { reason, raw } = err.data as UploadFailure
    if (reason === 'abort') return '上传已取消'
    if (reason === 'timeout') return '上传超时，请稍后重试'
    if (reason === 'network') return '网络异常，上传失败'
    return `上传失败：${(raw ?? err.message).replace(/\s+/g, ' ').trim().slice(0, 80)}`
  }
  return failureText(err, '上传失败，请稍后重试')
}

export interface ProfileDeps {
  /** The platform's picker (src/platform/image-picker pair). */
  pick: () => Promise<PickedImage | null>
  /** The request core's upload (R7.107: multipart `file`, 600 s). */
  upload: (file: PickedImage) => Promise<Uploaded>
}

/**
 * 编辑资料 (spec R7.63, R7.107, R8.8): nickname and avatar of the logged-in user. The avatar is picked with the
 * platform's picker (the mini-program: WeChat's chooseAvatar button, takeChosenAvatar) and uploaded at once (the editor shows it); saving sends both through userinfo/update, and the
 * session's user — the 我的 header, and what the server puts on chat and comments — takes the new values.
 */
export class ProfileStore {
  visible = false
  name = ''
  avatar = ''
  uploading = false
  saving = false
  error = ''
  private deps: ProfileDeps

  constructor(deps: Partial<ProfileDeps> = {}) {
    this.deps = { pick: pickImage, upload: (f) => uploadFile(f.path, f.name), ...deps }
    makeAutoObservable<ProfileStore, 'deps'>(this, { deps: false })
  }

  configure(deps: Partial<ProfileDeps>): this {
    this.deps = { ...this.deps, ...deps }
    return this
  }

  get avatarChanged(): boolean {
    return !!this.avatar && this.avatar !== sessionStore.user.avatar
  }

  /** Opens the editor with the user's values (the messenger's placeholder nickname starts empty). */
  open() {
    const u = sessionStore.user
    this.name = u.nickName === DEFAULT_MESSENGER_NICKNAME ? '' : u.nickName
    this.avatar = u.avatar
    this.error = ''
    this.visible = true
    this.openings++
  }

  /** How often the editor was opened: a delayed close belongs to the opening it was made in. */
  openings = 0

  close() {
    this.visible = false
    this.error = ''
  }

  setName(name: string) {
    this.name = name
  }

  /** Pick an image and upload it; the editor shows it once the server has it. False when cancelled or failed. */
  async chooseAvatar(): Promise<boolean> {
    if (this.uploading) return false
    const file = await this.deps.pick()
    return file ? this.uploadAvatar(file) : false
  }

  /**
   * Mini-program: the avatar the viewer chose with WeChat's 头像昵称填写 (a `chooseAvatar` button gives a temporary
   * file path, once WeChat's content check has passed it), uploaded like a picked image. Without a path (the
   * privacy prompt refused, or WeChat sent none) nothing changes.
   */
  async takeChosenAvatar(path: string | undefined, errMsg?: string): Promise<boolean> {
    if (!path) {
      if (/privacy/i.test(errMsg || '')) this.error = AVATAR_PRIVACY_TEXT
      return false
    }
    if (this.uploading) return false
    return this.uploadAvatar({ path, name: path.split('/').pop() || 'avatar.jpg' })
  }

  private async uploadAvatar(file: PickedImage): Promise<boolean> {
    runInAction(() => {
      this.uploading = true
      this.error = ''
    })
    const res = await settle(this.deps.upload(file))
    const url = res.data?.url
    runInAction(() => {
      this.uploading = false
      if (url) this.avatar = url
      else this.error = res.ok ? '上传失败，请稍后重试' : uploadFailureText(res.error)
    })
    return !!url
  }

  /** R7.63: the nickname (required, at most 20) and a new avatar; the server's message on failure. */
  async save(): Promise<boolean> {
    if (this.saving || this.uploading) return false
    const name = this.name.trim()
    if (!name) {
      this.error = NICKNAME_REQUIRED_TEXT
      return false
    }
    this.saving = true
    this.error = ''
    const fields: { name: string; avatar?: string } = { name: name.slice(0, NICKNAME_MAX) }
    if (this.avatarChanged) fields.avatar = this.avatar
    const res = await settle(updateUserInfo(fields))
    const user = normalizeUser(res.data)
    if (user) sessionStore.setUser(user)
    const failure = res.ok ? null : failureText(res.error, '保存失败，请稍后再试')
    if (failure !== null) void showToast(failure)
    const ok = failure === null
    runInAction(() => {
      this.saving = false
      if (!ok) this.error = failure || '保存失败，请稍后再试'
    })
    // 保存成功 shows over the editor, which closes 500 ms later (R9.19: the notify-toast callback).
    if (ok) {
      const opening = this.openings
      notifyToast(PROFILE_SAVED_TEXT, () => opening === this.openings && this.close())
    }
    return ok
  }
}

export const profileStore = new ProfileStore()
