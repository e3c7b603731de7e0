import { View, Text } from '@tarojs/components'
import { makeAutoObservable, observable } from 'mobx'
import { observer } from 'mobx-react-lite'
import { createPortal } from 'react-dom'
import './modal-layer.scss'

/**
 * The project's own modal, drawn inside the page that opened it. The mini-program's native wx.showModal cannot be
 * closed by code, so it could not be hidden on a route change (spec R4.49); this one can. `src/ui/modal.ts` (the
 * mini-program) opens it; on H5 Taro's modal is used (`modal.h5.ts`) and this layer stays empty.
 */

export type ModalChoice = 'confirm' | 'cancel'

export interface ModalView {
  title: string
  content: string
  showCancel: boolean
  cancelText: string
  cancelColor: string
  confirmText: string
  confirmColor: string
}

interface OpenModal extends ModalView {
  /** Id of the root element of the page that opened it (the page's $taroPath). */
  root: string
  settle: (choice: ModalChoice) => void
}

class ModalLayerStore {
  current: OpenModal | null = null

  constructor() {
    makeAutoObservable(this, { current: observable.ref }, { autoBind: true })
  }

  /** Shows the modal in the page whose root element has id `root`; a modal already up is closed as cancelled. */
  open(view: ModalView, root: string): Promise<ModalChoice> {
    this.close('cancel')
    return new Promise<ModalChoice>((settle) => {
      this.current = { ...view, root, settle }
    })
  }

  close(choice: ModalChoice) {
    const open = this.current
    if (!open) return
    this.current = null
    open.settle(choice)
  }
}

export const modalLayer = new ModalLayerStore()

/** Rendered once by the app; portals the open modal into its page's root element. */
export const ModalLayer = observer(function ModalLayer() {
  const m = modalLayer.current
  if (!m) return null
  const root = document.getElementById(m.root)
  if (!root) return null
  return createPortal(
    <View className='ui-modal' role='dialog' catchMove>
      <View className='ui-modal__mask' />
      <View className='ui-modal__box'>
        {m.title ? <Text className='ui-modal__title'>{m.title}</Text> : null}
        <Text className={`ui-modal__content${m.title ? '' : ' ui-modal__content--alone'}`}>{m.content}</Text>
        <View className='ui-modal__foot'>
          {m.showCancel ? (
            <View
              className='ui-modal__btn ui-modal__btn--cancel'
              style={{ color: m.cancelColor }}
              onClick={() => modalLayer.close('cancel')}
            >
              {m.cancelText}
            </View>
          ) : null}
          <View
            className='ui-modal__btn ui-modal__btn--confirm'
            style={{ color: m.confirmColor }}
            onClick={() => modalLayer.close('confirm')}
          >
            {m.confirmText}
          </View>
        </View>
      </View>
    </View>,
    root
  )
})
