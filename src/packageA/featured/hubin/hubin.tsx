import { FeaturedPage } from '@/packageA/components/featured'
import { withTopBar } from '@/components/top-bar'

/** Featured slow-live page hubin (spec R2.15, R9.28). */
function FeaturedHubin() {
  return <FeaturedPage page='hubin' />
}

export default withTopBar(FeaturedHubin)
