import Taro from '@tarojs/taro'
import type { ModalChoice, ModalView } from './modal-layer'
import type { PageLike } from './modal'

let pending = 0

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
  return Taro.showModal(view)
    .then((r) => (r?.confirm ? 'confirm' : 'cancel'))
    .finally(() => {
      pending--
    })
}

export function dismissModal(): void {
  if (pending > 0) taroCancelButton()?.click()
}
