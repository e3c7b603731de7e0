// shared: analytics reads the room (src/stores/analytics.h5.ts, app-wide), so the live room's store stays in src/stores

import { makeAutoObservable, observable, runInAction } from 'mobx'
import { fetchLiveRooms, type RoomItem } from '@/api/home'
import {
  enterRoom,
  fetchGroups,
  fetchLiveStats,
  fetchRoomInfo,
  fetchRoomsByIds,
  shareRoom,
  trackVisit,
  type RoomGroup,
  type RoomInfo,
  type RoomTab
} from '@/api/live'
import { settle } from '@/core/call'
import { CODE } from '@/utils/errors'
import { pageProtocol } from '@/platform/protocol'
import { nextTask } from '@/utils/timing'
import { PAGE_SIZE } from './paged-list'

/** An external tab as the client keeps it: with its id tab-N (spec R3.11). */
export type KeptTab = RoomTab & { id: string }

/** The room as the client keeps it (normalizeRoom): its tabs with their ids, its streams in the page's scheme. */
export type KeptRoom = Omit<RoomInfo, 'external'> & { external: { tabs: KeptTab[] } }

/** Each external tab gets an id tab-N by its position, counting from 0 (spec R3.11). */
export function tabsWithIds(tabs: RoomTab[] | undefined): KeptTab[] {
  return (tabs || []).map((t, i) => ({ ...t, id: `tab-${i}` }))
}

/** The stream URL scheme follows the page: http becomes https on an https page, and the reverse (spec R3.12). */
export function matchProtocol(url: string | undefined, protocol: 'http:' | 'https:'): string {
  if (!url) return ''
  if (url.startsWith('//')) return `${protocol}${url}`
  return url.replace(/^https?:/i, protocol)
}

/** The room as the client keeps it: tabs with ids and the stream URL in the page's scheme. */
export function normalizeRoom(raw: RoomInfo, protocol: 'http:' | 'https:'): KeptRoom {
  return {
    ...raw,
    source: matchProtocol(raw.source, protocol),
    playback_source: matchProtocol(raw.playback_source, protocol),
    external: { ...raw.external, tabs: tabsWithIds(raw.external?.tabs) }
  }
}

/** The first group that contains the room (spec R4.24). */
export function groupOf(groups: RoomGroup[], roomId: number): RoomGroup | null {
  return groups.find((g) => Array.isArray(g.rooms) && g.rooms.map(Number).includes(roomId)) || null
}

export interface RoomError {
  msg: string
  code: number
  needPassword: boolean
  /** a password room's title and cover, which its refusal carries (R3.9): its prompt shows them */
  title?: string
  cover?: string
}

/** How many other rooms on air an ended room's card offers. */
export const ON_AIR_OFFERED = 4

/** Live state (spec R3.29): rooms keyed by id, groups, the current room. */
export class LiveStore {
  roomsData: Record<number, KeptRoom> = {}
  roomErrors: Record<number, RoomError> = {}
  groupsData: RoomGroup[] = []
  groupRooms: Record<number, RoomItem[]> = {}
  stats: Record<number, Record<string, number>> = {}
  /** Other rooms on air, asked for when a room ends (its 直播已结束 card offers them), by the room that ended. */
  onAirRooms: Record<number, RoomItem[]> = {}
  currentRoomId = 0
  /** the groups file, asked once: null until asked, and again after a failure */
  private groupsLoaded: Promise<void> | null = null

  constructor() {
    // rooms and groups as the server answers them, replaced whole, never changed in place: which rooms are kept is
    // observed, not every field of every room
    makeAutoObservable<LiveStore, 'groupsLoaded' | 'loadGroups'>(this, {
      roomsData: observable.shallow,
      groupsData: observable.ref,
      groupRooms: observable.shallow,
      onAirRooms: observable.shallow,
      groupsLoaded: false,
      loadGroups: false
    })
  }

  setCurrentRoom(roomId: number) {
    this.currentRoomId = roomId
  }

  /** Room info by roomid, with the test code and password when the room asks for one (R7.13, R3.9). */
  /**
   * The room info. `onInfo` sees the room before it is stored, so before anything renders it: the live page starts
   * the stream there.
   */
  async loadRoom(
    roomid: number,
    options: { password?: string; test?: string } = {},
    onInfo?: (room: KeptRoom) => void
  ): Promise<KeptRoom | null> {
    // the groups file (small, static) comes beside the room info and the room renders once both are in: the group
    // switcher's place is kept from the room's first frame, so the chat below it does not jump when the group's
    // rooms arrive after the video's first frame (CLS). It never fails the room (settled).
    const groups = this.loadGroups()
    const res = await settle(fetchRoomInfo({ roomid, ...options }))
    if (!res.ok) {
      // a refusal carries its code, message and whether the room asks for a password (R3.9); auth, not found and a
      // timeout their status (401, 403, 404, 0) and the catalogue's message
      const { code, msg, data } = res.error
      const refusal = (data ?? {}) as { need_password?: number; title?: unknown; cover?: unknown }
      const needPassword = refusal.need_password === 1
      const room = needPassword
        ? {
            title: typeof refusal.title === 'string' ? refusal.title : undefined,
            cover: typeof refusal.cover === 'string' ? refusal.cover : undefined
          }
        : {}
      runInAction(() => (this.roomErrors[roomid] = { code, msg: msg || '直播间加载失败', needPassword, ...room }))
      return null
    }
    const info = res.data
    if (!info) {
      runInAction(() => (this.roomErrors[roomid] = { code: CODE.OK, msg: '直播间加载失败', needPassword: false }))
      return null
    }
    const room = normalizeRoom(info, pageProtocol())
    onInfo?.(room)
    // the room is kept (and renders) a task after its info arrived: what onInfo started (the live room's stream,
    // hls.js and its first playlist request) runs in the info's own task, and the room's render, the load's
    // longest piece of work, is a task of its own (Lighthouse's blocking time counts each task over 50 ms at 4x
    // CPU: together they were one, docs/performance.md)
    await Promise.all([groups, nextTask()])
    runInAction(() => {
      this.roomsData[roomid] = room
      delete this.roomErrors[roomid]
    })
    return room
  }

  /**
   * Entering a room: the enter call and the visit tracking (R7.28 over R7.71: id = roomId, flag = visits), then the
   * live stats, so the counters shown include this visit. Failures are silent (R8.17).
   */
  async enter(roomid: number): Promise<void> {
    await Promise.all([settle(enterRoom(roomid)), settle(trackVisit(roomid))])
    await this.loadStats(roomid)
  }

  async loadStats(roomid: number): Promise<void> {
    const { data } = await settle(fetchLiveStats(roomid))
    if (data) runInAction(() => (this.stats[roomid] = data))
  }

  share(roomid: number) {
    return settle(shareRoom(roomid)).then((res) => res.data ?? null)
  }

  /** Changes a kept room's fields (a push's news): the room is replaced whole, as the server's answers are. */
  patchRoom(roomid: number, patch: Partial<KeptRoom>): void {
    const room = this.roomsData[roomid]
    if (room) this.roomsData[roomid] = { ...room, ...patch }
  }

  /**
   * The room went on or off the air (the `live_status` push). On air with its stream, the room plays it at once (in
   * the page's scheme, R3.12); a paid or password room's stream is signed per viewer (the push's source is empty): its
   * room info is asked again. Off the air, the stream stops and the room is ended (`nowSec` now): its card asks for the
   * other rooms on air.
   */
  applyLiveStatus(
    roomid: number,
    data: { onair: number; source: string },
    nowSec = Math.floor(Date.now() / 1000)
  ): Promise<unknown> {
    const room = this.roomsData[roomid]
    if (!room) return Promise.resolve()
    if (Number(data.onair) === 1) {
      if (room.onair === 1 && room.source) return Promise.resolve()
      // the next end asks again which rooms are on air
      delete this.onAirRooms[roomid]
      if (!data.source) return this.reloadRoom(roomid)
      this.patchRoom(roomid, {
        onair: 1,
        status: 1,
        start_time: nowSec,
        end_time: 0,
        source: matchProtocol(data.source, pageProtocol())
      })
      return Promise.resolve()
    }
    if (room.onair === 1 || room.source)
      this.patchRoom(roomid, {
        onair: 0,
        status: 0,
        source: '',
        start_time: Math.min(Number(room.start_time) || nowSec, nowSec),
        end_time: nowSec
      })
    return Promise.resolve()
  }

  /** The room's chat was closed or opened (the `chat_status` push, R5.8): the chat box says so before anyone types. */
  applyChatStatus(roomid: number, data: { chat_closed: number }): void {
    this.patchRoom(roomid, { chat_closed: Number(data.chat_closed) === 1 ? 1 : 0 })
  }

  /** The room's info asked again (after a reconnect, or a signed stream): kept as loadRoom keeps it; silent. */
  async reloadRoom(roomid: number): Promise<void> {
    const res = await settle(fetchRoomInfo({ roomid }))
    if (res.ok && res.data) {
      const room = normalizeRoom(res.data, pageProtocol())
      runInAction(() => (this.roomsData[roomid] = room))
    }
  }

  /** Up to ON_AIR_OFFERED other rooms on air, for an ended room's card; silent (R8.17). */
  async loadOnAirRooms(roomid: number): Promise<void> {
    const { data: page } = await settle(fetchLiveRooms({ page: 1, count: ON_AIR_OFFERED + 1, onair: 1 }))
    const list = (page?.list ?? []).filter((r) => Number(r.onair) === 1 && r.id !== roomid).slice(0, ON_AIR_OFFERED)
    runInAction(() => (this.onAirRooms[roomid] = list))
  }

  /** The groups, fetched once (a failure is asked again next time); silent (R8.17). */
  private loadGroups(): Promise<void> {
    this.groupsLoaded ??= settle(fetchGroups()).then(({ data: groups }) => {
      if (Array.isArray(groups)) runInAction(() => (this.groupsData = groups))
      else this.groupsLoaded = null
    })
    return this.groupsLoaded
  }

  /** How many rooms the room's group lists (R4.24): the switcher keeps its place when there are two or more. */
  groupSize(roomid: number): number {
    return groupOf(this.groupsData, roomid)?.rooms.length ?? 0
  }

  /** The groups, fetched once; then the rooms of the first group containing the room (count 100, order sort; R4.24). */
  async loadGroupRooms(roomid: number): Promise<RoomItem[]> {
    await this.loadGroups()
    const group = groupOf(this.groupsData, roomid)
    if (!group) return []
    if (this.groupRooms[group.id]) return this.groupRooms[group.id]
    const { data: page } = await settle(fetchRoomsByIds(group.rooms.map(Number), PAGE_SIZE.liveRooms))
    const list = page ? page.list : []
    runInAction(() => (this.groupRooms[group.id] = list))
    return list
  }
}

export const liveStore = new LiveStore()
