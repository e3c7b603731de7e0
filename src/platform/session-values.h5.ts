/**
 * H5: values kept for the browser session (sessionStorage): a reload keeps them, a new browser session does not. Where
 * the storage is refused (a private mode, a full quota), they are kept in memory for the page's life.
 */
const memory = new Map<string, string>()

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

export function sessionValue(key: string): string | undefined {
  try {
    return storage()?.getItem(key) ?? memory.get(key)
  } catch {
    return memory.get(key)
  }
}

export function setSessionValue(key: string, value: string | null): void {
  if (value === null) memory.delete(key)
  else memory.set(key, value)
  try {
    if (value === null) storage()?.removeItem(key)
    else storage()?.setItem(key, value)
  } catch {
    // kept in memory
  }
}
