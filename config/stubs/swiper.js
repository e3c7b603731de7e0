// Taro's React Swiper (h5.useHtmlComponents) imports `swiper/bundle`: Swiper with all of its 20-odd modules. The app's
// swipers (home's slides and notices: autoplay, circular, indicator dots, vertical) need the core (loop, direction,
// observer), autoplay and pagination, and a11y keeps the slides' roles and labels; the H5 build links this instead
// (config/index.ts), about half the bytes.
import Swiper from 'swiper'
import { A11y, Autoplay, Pagination } from 'swiper/modules'

// eslint-disable-next-line react-hooks/rules-of-hooks -- Swiper's module registration, not a React hook
Swiper.use([A11y, Autoplay, Pagination])

export default Swiper
