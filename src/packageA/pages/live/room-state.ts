import { acquireRoomSocket, releaseRoomSocket } from '@/core/socket'
import { liveStore } from '@/stores/live'

/**
 * The live room follows its room's state on the room's shared socket while it shows it: going on or off the air
 * (`live_status`: the stream starts, or the 直播已结束 card with the room's playback and other rooms on air) and the
 * chat closing or opening (`chat_status`: the chat box says 聊天暂时关闭 before anyone types, R5.8). A reconnect may
 * have missed a push: the room's info is asked again then. Returns the stop.
 */
export function followRoomState(roomId: number): () => void {
  const socket = acquireRoomSocket(roomId)
  const offs = [
    socket.onEach({
      live_status: (data) => void liveStore.applyLiveStatus(roomId, data),
      chat_status: (data) => liveStore.applyChatStatus(roomId, data)
    }),
    socket.on('welcome', () => {
      if (socket.connections > 1) void liveStore.reloadRoom(roomId)
    })
  ]
  return () => {
    for (const off of offs) off()
    releaseRoomSocket(roomId)
  }
}
