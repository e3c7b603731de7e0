import { FeaturedPage } from '@/packageA/components/featured'

/** Featured slow-live page hubin (spec R2.15, R9.28). */
export default function FeaturedHubin() {
  return <FeaturedPage page='hubin' />
}
