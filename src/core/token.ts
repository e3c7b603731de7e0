import { getItem, removeItem, setItem } from '@/platform/storage'

/**
 * Login state is a stored access token (spec R4.1). The request core reads it for the Authorization header (R6.3)
 * and clears it on 401/403 (R4.5); the session store writes it on login (R4.2).
 */
export const TOKEN_KEY = 'access_token'

export function getToken(): string {
  const t = getItem<string>(TOKEN_KEY)
  return typeof t === 'string' ? t : ''
}

export function setToken(token: string): void {
  if (token) setItem(TOKEN_KEY, token)
  else removeItem(TOKEN_KEY)
  for (const l of listeners) l(token)
}

export function clearToken(): void {
  setToken('')
}

type TokenListener = (token: string) => void
const listeners = new Set<TokenListener>()

/** The session store follows token changes made by the core (a 401 clears it behind the store's back). */
export function onTokenChange(listener: TokenListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** What the login prompt of R4.6 / R8.4 does; the session registers it (the core cannot import the store). */
type LoginPrompt = () => void
let loginPrompt: LoginPrompt | null = null

export function setLoginPrompt(prompt: LoginPrompt | null): void {
  loginPrompt = prompt
}

export function openLoginPrompt(): void {
  if (loginPrompt) loginPrompt()
}
