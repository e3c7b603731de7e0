/**
 * The player's keys on the web, as desktop players have them: Space plays or pauses, ← and → seek 5 s (on-demand),
 * F enters or leaves full screen, D turns the danmaku on or off. Keys typed into a field (the chat box, a search)
 * and keys with a modifier (browser shortcuts) are left alone.
 */
export type KeyAction = 'toggle-play' | 'seek-back' | 'seek-forward' | 'fullscreen' | 'danmaku'

export const SEEK_STEP_SECONDS = 5

/** Roles of views that take Space as their own press. */
const PRESSABLE = new Set([
  'button',
  'link',
  'tab',
  'radio',
  'menuitemradio',
  'menuitem',
  'checkbox',
  'switch',
  'option'
])

export interface KeyInput {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  /** the focused element's tag name and whether it is editable */
  targetTag?: string
  targetEditable?: boolean
  /** the focused element's role: a view pressed like a button (src/platform/keyboard.h5.ts) takes Space itself */
  targetRole?: string | null
}

export function keyAction(e: KeyInput, seekable: boolean): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null
  const tag = (e.targetTag || '').toUpperCase()
  if (e.targetEditable || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return null
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      // a focused button or link takes Space as its own click
      return tag === 'BUTTON' || tag === 'A' || (e.targetRole && PRESSABLE.has(e.targetRole)) ? null : 'toggle-play'
    case 'ArrowLeft':
      return seekable ? 'seek-back' : null
    case 'ArrowRight':
      return seekable ? 'seek-forward' : null
    case 'f':
    case 'F':
      return 'fullscreen'
    case 'd':
    case 'D':
      return 'danmaku'
    default:
      return null
  }
}
