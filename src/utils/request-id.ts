/**
 * An idempotency key for one like batch or one gift tap (the optional `request_id` of R7.76 / R7.77, our
 * extension to the contract): made once and sent again with every retry of the same call, so a call whose reply was
 * lost is not counted or charged twice. 8–64 of [A-Za-z0-9_-] (the reference server's rule): time plus 16 random
 * base-36 digits, no platform crypto needed (the mini-program has no crypto.randomUUID).
 */
export function newRequestId(random: () => number = Math.random): string {
  let r = ''
  while (r.length < 16)
    r += Math.floor(random() * 36 ** 4)
      .toString(36)
      .padStart(4, '0')
  return `${Date.now().toString(36)}-${r.slice(0, 16)}`
}
