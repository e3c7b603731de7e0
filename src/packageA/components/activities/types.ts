import type { ComponentType } from 'react'
import type { RoomSocket } from '@/core/socket'

/** The in-room activities (spec R1.5), one module each (ARCHITECTURE "In-room activities"). */
export type ActivityKind = 'vote' | 'quiz' | 'lottery' | 'rain' | 'redpack' | 'goods'

/** What the stage host gives a module's store. */
export interface StageContext {
  readonly roomId: number
  /** The room's shared socket (for a module that listens to more than its own pushes, e.g. chat for the text lottery). */
  socket(): RoomSocket | null
  /**
   * Run a login-gated action (R6.2, R8.4). A 401 has opened the login prompt (the request core's loginPrompt): the
   * action is kept and run again once the viewer has logged in; resolves false then, else the action's result.
   */
  gated(action: () => Promise<boolean>): Promise<boolean>
  /** Unix seconds (the client's clock, as R4.31–R4.34 use it). */
  now(): number
  toast(message: string): void
  /** The logged-in viewer's id, 0 for a visitor. */
  userId(): number
}

/** A module's per-room state: details and pushes in, `showing` out. */
export interface ActivityStore {
  /**
   * A detail fetched on entering or after a reconnect (null: none); true when it brings an activity this store did not
   * hold (started while the viewer was away, or whose push is still waiting for the picture): it comes to the front
   * (behind what was pushed in this visit), and that push, when it comes, brings it in front (StageStore.deliver).
   */
  applyDetail(data: unknown): boolean
  /** A push (already delayed by the stream latency); true when it starts something new (the card comes to the front). */
  applyPush(type: string, data: unknown): boolean
  /** Whether the stage has something of this module to show. */
  readonly showing: boolean
  /** Its tab opened: load what the tab lists. */
  open?(): Promise<void>
  /** The stage is left: stop listening to the room. */
  dispose?(): void
  /** The stage is entered again (the stores outlive a leave): listen again to what dispose stopped. */
  resume?(): void
  /**
   * The logged-in viewer changed in the room (a login, a logout, another account): drop the last viewer's own state
   * (a draw, a vote, an answer) and bring back this one's. The stage asks every detail again right after.
   */
  viewerChanged?(): void
}

export interface ViewProps<S extends ActivityStore = ActivityStore> {
  store: S
  roomId: number
  onClose: () => void
}

export interface ActivityModule<S extends ActivityStore = ActivityStore> {
  kind: ActivityKind
  /** The card's name for its close button, its chip and screen readers. */
  label: string
  createStore(ctx: StageContext): S
  View: ComponentType<ViewProps<S>>
  /** The room tab of this module (goods: the 商品 tab). */
  TabView?: ComponentType<{ store: S; roomId: number }>
}

export type Loaders = Record<ActivityKind, () => Promise<ActivityModule>>
