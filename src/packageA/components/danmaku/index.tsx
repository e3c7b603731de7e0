// Slot of the live room's chat: the danmaku layer over the player and the chat panel (list + input).
// Being built in src/packageA/components/danmaku/ (issue 6); the live page already renders both.
export function DanmakuLayer(_props: { roomId: number }) {
  return null
}

export function ChatPanel(_props: { roomId: number }) {
  return null
}
