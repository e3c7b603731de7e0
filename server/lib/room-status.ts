import type { Room } from '../types'
import { nowSec } from './util'

/** A room's status as every answer gives it (spec R4.11): 1 live, 2 scheduled in the future, 0 otherwise. */
export function roomStatus(room: Pick<Room, 'onair' | 'start_time'>, now = nowSec()): 0 | 1 | 2 {
  if (room.onair) return 1
  return room.start_time > now ? 2 : 0
}
