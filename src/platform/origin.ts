/** The mini-program has no page origin: configured hosts must be absolute. */
export function pageOrigin(): string | null {
  return null
}
