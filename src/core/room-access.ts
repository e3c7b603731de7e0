import { sessionValue, setSessionValue } from '@/platform/session-values'

/**
 * Password rooms (spec R3.9): the reference server answers a password room's history, chat and push socket only
 * with the room's password or the `room_key` its room info answered once the password was right. The key is kept
 * for the session (src/platform/session-values: the browser session on H5, the app's run in the mini-program), so a
 * reload enters the room without asking again; room info, chat and the socket send it. The password the viewer typed
 * is never kept.
 */
const PREFIX = 'room_key:'

export function rememberRoomKey(roomid: number | string, key: unknown): void {
  if (typeof key === 'string' && key) setSessionValue(`${PREFIX}${roomid}`, key)
}

/** The room's key no longer opens it (its password changed): the room asks again. */
export function forgetRoomKey(roomid: number | string): void {
  setSessionValue(`${PREFIX}${roomid}`, null)
}

export function roomKey(roomid: number | string): string | undefined {
  return sessionValue(`${PREFIX}${roomid}`) || undefined
}
