import Taro from '@tarojs/taro'
import { PAY_METHODS, type PayMethod, type PaymentOrder } from '@/api/pay'

/**
 * The deposit's platform part, mini-program variant (the H5 one is deposit-platform.h5.ts): which payment methods the
 * platform offers (R3.43–R3.47) and how an order's payment is launched. Shared by packageB's deposit and mall payment
 * pages (their stores, pages/deposit/store.ts and pages/mall/store.ts).
 */

/** What became of a launched payment: paid here, left the page for a payment page, cancelled or failed. */
export type PaymentOutcome =
  { status: 'paid' } | { status: 'redirected' } | { status: 'cancelled' } | { status: 'failed'; msg: string }

/** The mini-program pays with weixin_mapp (key weixin_mini). */
export function depositMethods(): PayMethod[] {
  return [PAY_METHODS.weixin_mapp]
}

/** Taro.requestPayment with the order's fields; the user closing the sheet is a cancel. */
export async function launchPayment(order: PaymentOrder): Promise<PaymentOutcome> {
  const p = order.payment || {}
  try {
    await Taro.requestPayment({
      timeStamp: String(p.timeStamp ?? ''),
      nonceStr: String(p.nonceStr ?? ''),
      package: String(p.package ?? ''),
      signType: (p.signType || 'MD5') as 'MD5',
      paySign: String(p.paySign ?? '')
    })
    return { status: 'paid' }
  } catch (err) {
    const msg = String((err as { errMsg?: string })?.errMsg || '')
    if (/cancel/i.test(msg)) return { status: 'cancelled' }
    return { status: 'failed', msg: msg || '支付失败' }
  }
}
