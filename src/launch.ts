import { runStartup } from '@/router/startup-run'
import { analyticsStore } from '@/stores/analytics'
import { startMessenger } from '@/stores/messenger'
import { loginStore } from '@/stores/login'

/**
 * What the app starts at launch beside its first page: the service config and, with a stored token, the current user
 * (R3.7, R4.4); the analytics script, once (R7.111: journeys never wait for it); the launch query (a startup login,
 * R2.26, a saved redirect or a page to open); then, in the messenger's browser, its OAuth login and JS-SDK share
 * menu (R1.10, R7.64).
 */
export function launch(query: Record<string, string>, path: string): void {
  void loginStore.start()
  analyticsStore.start()
  void runStartup(query, path)
    .catch(() => undefined)
    .then(() => startMessenger())
}
