import { FeaturedPage } from '@/packageA/components/featured'

/** Featured slow-live page wuxilcb (spec R2.15, R9.28). */
export default function FeaturedWuxilcb() {
  return <FeaturedPage page='wuxilcb' />
}
