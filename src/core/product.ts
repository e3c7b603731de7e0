import { env } from '@/env'

/**
 * The broadcaster's own app name, the "{product}" of the spec: it names the mobile API path segment
 * (`/{product}4.0/`, R7.5) and the Wi-Fi app login call (`/userapp/{product}_login`, R7.59). The spec does not
 * give it, so it is the build-time variable TARO_APP_PRODUCT (default in config/env.ts; the reference server answers
 * any `*_login`).
 */
export const PRODUCT_CODE = env.TARO_APP_PRODUCT

/** The path segment that sends a call to the mobile API host (R7.5). */
export function mobileApiMarker(product: string = PRODUCT_CODE): string {
  return `/${product}4.0/`
}
