import { useEffect, useMemo } from 'react'
import { chatStore, type ChatRoom } from './chat-store'

/**
 * The room's chat for a view: entering on mount connects the room's socket and loads history, leaving on unmount
 * disconnects it once no other view of the room holds it (the flying layer and the chat panel share one room).
 */
export function useChatRoom(roomId: number): ChatRoom | null {
  const room = useMemo(() => (roomId > 0 ? chatStore.room(roomId) : null), [roomId])
  useEffect(() => {
    if (!(roomId > 0)) return undefined
    chatStore.enter(roomId)
    return () => chatStore.leave(roomId)
  }, [roomId])
  return room
}
