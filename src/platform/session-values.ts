/**
 * Mini-program: values kept for this session, the app's run (WeChat ends it when the app is closed or discarded):
 * in memory. H5 keeps them for the browser tab's session (session-values.h5.ts).
 */
const values = new Map<string, string>()

export function sessionValue(key: string): string | undefined {
  return values.get(key)
}

export function setSessionValue(key: string, value: string | null): void {
  if (value === null) values.delete(key)
  else values.set(key, value)
}
