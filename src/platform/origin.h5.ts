/** The H5 page's own origin: the default host of every API (the reference server serves both). */
export function pageOrigin(): string | null {
  return window.location.origin
}
