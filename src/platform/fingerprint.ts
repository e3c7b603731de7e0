/** Mini-program: no browser fingerprinting; the session falls back to a random id (spec R4.9). */
export async function visitorId(_cancel?: { cancelled: boolean }): Promise<string | null> {
  return null
}
