import { env } from '@/env'
import { resolveHosts } from '@/core/hosts'
import { firstPageLoaded } from '@/platform/first-page'
import { singlePageMode } from '@/platform/launch'
import { pageOrigin } from '@/platform/origin'
import { openLink, openPage, openWebView } from './navigate'
import { takeRedirect } from './redirect'
import { planStartup, type StartupPlan, type StartupQuery } from './startup'

export type LoginHandoff = (login: NonNullable<StartupPlan['login']>) => unknown // a promise is awaited

let loginHandoff: LoginHandoff | null = null

/**
 * The session registers how startup credentials (tokentype + token) log in: src/stores/login.ts, where a token of
 * another user than the one logged in asks the viewer first (切换账号？, R2.26). Startup waits for that answer before
 * it opens a page, on both targets (the mini-program's launch query comes here too, through useLaunch).
 */
export function setStartupLogin(handler: LoginHandoff) {
  loginHandoff = handler
}

/** External activity page for the preview that is an activity (spec R2.27, R2.22). */
export function externalActivityUrl(name: string): string {
  return `${resolveHosts(env, pageOrigin()).live}/activity/${name}`
}

/**
 * Act on the launch query: log in (or, for another user's token than the viewer's, ask first), restore a saved
 * redirect, or open the page it names. In Moments' single-page mode (scene 1154, R4.7) WeChat allows neither a login
 * nor a route to another page: the page shared stays alone, and nothing is done.
 */
export async function runStartup(query: StartupQuery, path: string): Promise<StartupPlan> {
  const plan = planStartup(query, path, externalActivityUrl('preview-1473'))
  if (singlePageMode()) return plan
  if (plan.login && loginHandoff) await loginHandoff(plan.login)
  const redirect = takeRedirect()
  if (plan.external || plan.page || redirect) await firstPageLoaded()
  if (plan.external) await openWebView(plan.external)
  else if (plan.page) await openPage(plan.page, plan.query)
  else if (redirect) await openLink(redirect)
  return plan
}
