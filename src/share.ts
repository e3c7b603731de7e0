import { env } from '@/env'

export interface Brand {
  brand: string
  description: string
  slogan: string
}

/** The default share title from brand name, description and slogan (spec R1.24); blank parts are left out. */
export function defaultShareTitle(
  b: Brand = { brand: env.TARO_APP_BRAND, description: env.TARO_APP_DESCRIPTION, slogan: env.TARO_APP_SLOGAN }
): string {
  const head = [b.brand, b.description].filter(Boolean).join(' · ')
  return [head, b.slogan].filter(Boolean).join('，')
}
