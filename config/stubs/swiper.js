// Taro's swipers import `swiper/bundle`: Swiper with all of its 20-odd modules. The app draws no swiper of its own (home's
// banner and notices are src/components/banner and src/components/ticker); what is left is Taro's image preview
// (Taro.previewImage on the post, timeline and album pages draws Stencil's taro-swiper-core, in those pages' chunks),
// which needs the core, pagination and a11y. The H5 build links this instead (config/index.ts), about half the bytes.
import Swiper from 'swiper'
import { A11y, Autoplay, Pagination } from 'swiper/modules'

// eslint-disable-next-line react-hooks/rules-of-hooks -- Swiper's module registration, not a React hook
Swiper.use([A11y, Autoplay, Pagination])

export default Swiper
