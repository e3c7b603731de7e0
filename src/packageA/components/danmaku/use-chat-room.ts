import { useEffect, useMemo } from 'react'
import { usePageShown } from '@/hooks/use-page-interval'
import { chatStore, type ChatRoom } from './chat-store'

/**
 * The room's chat for a view: entering on mount connects the room's socket and loads history, leaving on unmount
 * disconnects it once no other view of the room holds it (the flying layer and the chat panel share one room). While
 * the view's page is hidden, the room's list holds its flushes (ChatRoom.view).
 */
export function useChatRoom(roomId: number): ChatRoom | null {
  const room = useMemo(() => (roomId > 0 ? chatStore.room(roomId) : null), [roomId])
  useEffect(() => {
    if (!(roomId > 0)) return undefined
    chatStore.enter(roomId)
    return () => chatStore.leave(roomId)
  }, [roomId])
  const shown = usePageShown()
  useEffect(() => room?.view(shown), [room, shown])
  return room
}
