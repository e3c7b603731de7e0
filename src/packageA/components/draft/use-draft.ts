import { observable, runInAction } from 'mobx'
import { onTokenChange } from '@/core/token'

/**
 * What a viewer has typed into a box whose sending asks for a login first (a room's chat, a playback's comment), per
 * box while the app runs. The login prompt leaves the page for 我的 and the login opens the page again as a new page
 * (R4.6): the box there shows the text as it was, and the viewer taps 发送 again. Decision: words are not sent for
 * the viewer after the login (they see what goes out under their name, and when; a vote, 关注 or 预约 tapped before the
 * login is done for them: activities/stage.ts, stores/login-prompt.ts); the text is cleared once sent, and not stored
 * for a next start. A draft is its viewer's: a token cleared (a logout, a 401) clears them all, so the next person on
 * the phone (the mini-program keeps its memory over a logout) does not find it in the box.
 */
const drafts = observable.map<string, string>({}, { deep: false })
onTokenChange((token) => {
  if (!token) runInAction(() => drafts.clear())
})

/** The box's text and its setter; `key` names the box (null: nowhere to keep it, as a page without its id). */
export function useDraft(key: string | null): [string, (text: string) => void] {
  const text = key ? (drafts.get(key) ?? '') : ''
  const setText = (next: string) => {
    if (!key) return
    runInAction(() => (next ? drafts.set(key, next) : drafts.delete(key)))
  }
  return [text, setText]
}
