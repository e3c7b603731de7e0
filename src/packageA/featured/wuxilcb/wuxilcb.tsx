import { FeaturedPage } from '@/packageA/components/featured'
import { withTopBar } from '@/components/top-bar'

/** Featured slow-live page wuxilcb (spec R2.15, R9.28). */
function FeaturedWuxilcb() {
  return <FeaturedPage page='wuxilcb' />
}

export default withTopBar(FeaturedWuxilcb)
