/** H5: ARIA attributes as strings (Taro's H5 components drop non-string attributes). aria.ts is the mini-program's. */
export function dialogProps(label: string): Record<string, string> {
  return { role: 'dialog', 'aria-label': label }
}

export function buttonProps(label?: string): Record<string, string> {
  return label ? { role: 'button', 'aria-label': label, tabindex: '0' } : { role: 'button', tabindex: '0' }
}

/** A control that takes no tap now (摇一摇 with no chances left): named, and disabled for screen readers. */
export function disabledButtonProps(label: string): Record<string, string> {
  return { role: 'button', 'aria-label': label, 'aria-disabled': 'true', tabindex: '0' }
}
