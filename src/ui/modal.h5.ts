import Taro from '@tarojs/taro'
import type { ModalChoice, ModalView } from './modal-layer'
import type { PageLike } from './modal'

let pending = 0
/** Counts the modals asked for: a dismissal stops looking once another has been asked for. */
let asked = 0

/** Taro's H5 modal's cancel button (Taro spells the class `taro-model__`). */
function taroCancelButton(): HTMLElement | null {
  return document.querySelector('.taro__modal .taro-model__cancel')
}

/**
 * H5: Taro's own modal, drawn in the document. Taro hides it on a route change but leaves its promise unsettled;
 * dismissModal() closes it through its cancel button, so the caller's await ends as a cancel.
 */
export function presentModal(view: ModalView, _owner: PageLike | undefined): Promise<ModalChoice> {
  dismissModal() // one modal at a time: the one already up ends as cancelled
  pending++
  asked++
  return Taro.showModal(view)
    .then((r) => (r?.confirm ? 'confirm' : 'cancel'))
    .finally(() => {
      pending--
    })
}

/** How long a dismissal waits for a modal asked for just before to be drawn. */
const DRAW_WAIT_MS = 5000

/**
 * Taro's modal is loaded on its first use in the H5 build (config/stubs/taro-interaction.js): one asked for just
 * before a dismissal may not be drawn yet, so its cancel button is looked for on each frame until it is.
 */
export function dismissModal(): void {
  if (pending <= 0) return
  const until = Date.now() + DRAW_WAIT_MS
  const which = asked
  const cancel = () => {
    if (which !== asked) return
    const button = taroCancelButton()
    if (button) button.click()
    else if (pending > 0 && Date.now() < until) requestAnimationFrame(cancel)
  }
  cancel()
}
