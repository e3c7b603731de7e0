/**
 * Password rooms (spec R3.9): the reference server answers a password room's history, chat and push socket only
 * with the room's password or the `room_key` its room info answered once the password was right. The key
 * is kept in memory for this session, like the password the viewer typed; room info, chat and the socket send it.
 */
const keys = new Map<string, string>()

export function rememberRoomKey(roomid: number | string, key: unknown): void {
  if (typeof key === 'string' && key) keys.set(String(roomid), key)
}

export function roomKey(roomid: number | string): string | undefined {
  return keys.get(String(roomid))
}
