import { PAY_METHODS, type GoldOrder, type PayMethod, type PaymentOrder, type PaymentPayload } from '@/api/pay'
import { currentPlatform } from '@/platform/current'
import type { PlatformKind } from '@/platform/kinds'
import type { PaymentOutcome } from './deposit-platform'

export type { PaymentOutcome } from './deposit-platform'

/**
 * The deposit's platform part, H5 variant: the messenger's browser pays with weixin_mp (JSAPI), any other browser
 * with weixin_h5 (the payment page, key of weixin_web) or alipay_web (R3.43–R3.47).
 */
export function depositMethods(platform: PlatformKind = currentPlatform()): PayMethod[] {
  if (platform === 'WECHAT') return [PAY_METHODS.weixin_mp]
  return [PAY_METHODS.weixin_web, PAY_METHODS.alipay_web]
}

type Bridge = { invoke: (name: string, args: unknown, cb: (res: { err_msg?: string }) => void) => void }

/** Where the payment page sends the viewer back: this page (a path for the sandbox, the full address otherwise). */
export function returnUrl(
  order: Pick<GoldOrder, 'sandbox'>,
  loc: Pick<Location, 'href' | 'pathname' | 'search'> = window.location
): string {
  return order.sandbox ? `${loc.pathname}${loc.search}` : loc.href
}

/** The payment page's address with the way back (redirect_url, as the messenger's H5 payment names it). */
export function paymentPageUrl(base: string, back: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`
}

/** The page the browser leaves for, per method; null when the order carries none. */
export function paymentTarget(method: string, payment: PaymentPayload): string | null {
  if (method === 'alipay_web') return payment.url || null
  if (method === 'weixin_mp') return payment.sandbox_confirm_url || null
  return payment.mweb_url || null
}

function go(url: string) {
  window.location.href = url
}

/**
 * weixin_mp in the messenger: its JSAPI (getBrandWCPayRequest); outside it (the sandbox) the confirmation page.
 * weixin_h5 and alipay_web: the browser goes to the payment page, which comes back here afterwards.
 */
export async function launchPayment(
  order: PaymentOrder,
  navigate: (url: string) => void = go
): Promise<PaymentOutcome> {
  const p = order.payment || {}
  const bridge = (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge
  if (order.m === 'weixin_mp' && bridge && p.appId && !order.sandbox) {
    return new Promise((resolve) => {
      bridge.invoke(
        'getBrandWCPayRequest',
        {
          appId: p.appId,
          timeStamp: p.timeStamp,
          nonceStr: p.nonceStr,
          package: p.package,
          signType: p.signType,
          paySign: p.paySign
        },
        (res) => {
          const m = res?.err_msg || ''
          if (/:ok$/.test(m)) resolve({ status: 'paid' })
          else if (/cancel/.test(m)) resolve({ status: 'cancelled' })
          else resolve({ status: 'failed', msg: m || '支付失败' })
        }
      )
    })
  }
  const target = paymentTarget(order.m, p)
  if (!target) return { status: 'failed', msg: '支付信息有误，请稍后再试' }
  navigate(paymentPageUrl(target, returnUrl(order)))
  return { status: 'redirected' }
}
