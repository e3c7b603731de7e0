import Taro from '@tarojs/taro'
import { modalLayer, type ModalChoice, type ModalView } from './modal-layer'

/** A page of the stack: Taro gives every open page a unique $taroPath, the id of its root element. */
export interface PageLike {
  $taroPath?: string
}

/**
 * Mini-program: the project's own modal layer, drawn in the opening page (`modal-layer.tsx`). WeChat's native
 * wx.showModal cannot be closed by code, so it could not be hidden on a route change (spec R4.49). Without a page
 * to draw in (before the first page mounts) the native modal is used.
 */
export function presentModal(view: ModalView, owner: PageLike | undefined): Promise<ModalChoice> {
  const root = owner?.$taroPath
  if (root && document.getElementById(root)) return modalLayer.open(view, root)
  return Taro.showModal(view).then((r) => (r?.confirm ? 'confirm' : 'cancel'))
}

/** Closes the open modal as cancelled. */
export function dismissModal(): void {
  modalLayer.close('cancel')
}
