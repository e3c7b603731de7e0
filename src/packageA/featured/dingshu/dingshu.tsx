import { FeaturedPage } from '@/packageA/components/featured'
import { withTopBar } from '@/components/top-bar'

/** Featured slow-live page dingshu (spec R2.15, R9.28). */
function FeaturedDingshu() {
  return <FeaturedPage page='dingshu' />
}

export default withTopBar(FeaturedDingshu)
