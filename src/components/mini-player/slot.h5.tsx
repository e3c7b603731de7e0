import { observer } from 'mobx-react-lite'
import { useChunk } from '@/hooks/use-chunk'
import { audioBar } from '@/stores/audio-bar'
import { lazyChunk } from '@/utils/chunk'

const loadBar = lazyChunk(() => import(/* webpackChunkName: "mini-player" */ './index'))

/**
 * H5: the mini player bar's place. The bar and the audio player are a chunk of their own, fetched once something
 * plays (the 视听 player page loads the audio player): no page's first load carries them. slot.tsx is the
 * mini-program's.
 */
export const MiniPlayerSlot = observer(function MiniPlayerSlot({ above }: { above?: 'tab-bar' }) {
  const active = audioBar.get()
  const mod = useChunk(loadBar, active)
  return active && mod ? <mod.MiniPlayer above={above} /> : null
})
