/** H5: ARIA attributes as strings (Taro's H5 components drop non-string attributes). aria.ts is the mini-program's. */
export function dialogProps(label: string): Record<string, string> {
  return { role: 'dialog', 'aria-label': label }
}

export function buttonProps(label?: string): Record<string, string> {
  return label ? { role: 'button', 'aria-label': label, tabindex: '0' } : { role: 'button', tabindex: '0' }
}
