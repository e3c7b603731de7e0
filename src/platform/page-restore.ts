/**
 * A page brought back as it was by the browser's back-forward cache, with nothing of the app run again: Back from a
 * payment page on a phone's browser (Safari, Chrome), where the page that sent the viewer there must ask again what
 * became of the payment. The mini-program has no such cache (its pages show again through onShow): nothing to call.
 * page-restore.h5.ts is the web's.
 */
export function onPageRestored(_listener: () => void): () => void {
  return () => undefined
}
