import { FeaturedPage } from '@/packageA/components/featured'

/** Featured slow-live page dingshu (spec R2.15, R9.28). */
export default function FeaturedDingshu() {
  return <FeaturedPage page='dingshu' />
}
