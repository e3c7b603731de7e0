/**
 * Every call of the contract, and the client's view of them: by the path (and `.php` action) it writes. The server
 * registers each call's route from its module; the OpenAPI document and `contract:check` read them from here.
 */
import type { CallDef, ClientPath, DataOf } from './call'
import type { Static, TObject, TProperties } from 'typebox'
import * as activity from './activity'
import * as album from './album'
import * as content from './content'
import * as dev from './dev'
import * as live from './live'
import * as mall from './mall'
import * as media from './media'
import * as pay from './pay'
import * as search from './search'
import * as streamer from './streamer'
import * as timeline from './timeline'
import * as user from './user'

const MODULES = { activity, album, content, dev, live, mall, media, pay, search, streamer, timeline, user }

type Modules = typeof MODULES
/** Every call definition of the contract, as one union. */
export type AnyCall = Extract<{ [M in keyof Modules]: Modules[M][keyof Modules[M]] }[keyof Modules], CallDef>

const isCall = (v: unknown): v is CallDef =>
  !!v && typeof v === 'object' && 'path' in v && 'payload' in v && 'data' in v && 'spec' in v

/** Every call definition: the server checks at start-up that each has its route (server/plugins/app/calls.ts). */
export const CALLS: readonly CallDef[] = ([] as CallDef[]).concat(
  ...Object.values(MODULES).map((m) => Object.values(m).filter(isCall))
)

/** The calls the client makes with POST (no `.php` action), by the path it writes. */
type Posted = Extract<AnyCall, { method: 'POST' | 'GET,POST'; action?: undefined }>
type Got = Extract<AnyCall, { method: 'GET' | 'GET,POST'; action?: undefined }>
type Acted = Exclude<AnyCall, { action?: undefined }>

export type PostPath = ClientPath<Posted['path']>
export type GetPath = ClientPath<Got['path']>
/** `/live/api.php?a=live_stat_get`, as one string per action */
export type ActionKey = Acted extends infer C
  ? C extends Acted
    ? `${C['path']}?a=${C['action'] & string}`
    : never
  : never

type ServerPathOf<P extends string> = `/api/v1${P}` | P
export type PostAt<P extends PostPath> = Extract<Posted, { path: ServerPathOf<P> }>
export type GetAt<P extends GetPath> = Extract<Got, { path: ServerPathOf<P> }>
export type ActionAt<K extends ActionKey> = K extends `${infer P}?a=${infer A}`
  ? Extract<Acted, { path: P; action?: A }>
  : never

/** Fields with a default: filled in by the server when the caller leaves them out. */
type DefaultedKeys<P extends TProperties> = {
  [K in keyof P]: P[K] extends { default: unknown } ? K : never
}[keyof P]

/**
 * What the client sends: the payload's fields, those with a default optional, without the version and platform the
 * request core adds (R7.1).
 */
export type InputOf<C extends CallDef> =
  C['payload'] extends TObject<infer P>
    ? Loosen<Static<C['payload']>, DefaultedKeys<P> & keyof Static<C['payload']>>
    : never

type Loosen<T, K extends keyof T> = Omit<T, K | 'version' | 'platform'> & Partial<Pick<T, K>>

export type { DataOf }
