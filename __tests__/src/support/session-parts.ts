import { LoginStore } from '@/stores/login'
import { LoginPrompt } from '@/stores/login-prompt'
import { ServiceConfigStore } from '@/stores/service-config'
import { SessionStore, type SessionDeps } from '@/stores/session'
import { UserInfoPromptStore } from '@/pages/user/user-info-prompt-store'

/** A session with the modules built on it (login flows, service config, login prompt, user-info prompt), sharing its deps. */
export function sessionParts(deps: Partial<SessionDeps> = {}) {
  const session = new SessionStore(deps)
  const config = new ServiceConfigStore(session)
  const prompt = new LoginPrompt(session)
  const login = new LoginStore(session, config, prompt)
  const info = new UserInfoPromptStore(session)
  return { session, config, prompt, login, info, dispose: () => session.dispose() }
}

export type SessionParts = ReturnType<typeof sessionParts>
