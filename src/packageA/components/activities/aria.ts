/** Mini-program: WeChat's accessibility attributes (aria-role, aria-label). aria.h5.ts is the H5 variant. */
export function dialogProps(label: string): Record<string, string> {
  return { ariaRole: 'dialog', ariaLabel: label }
}

export function buttonProps(label?: string): Record<string, string> {
  return label ? { ariaRole: 'button', ariaLabel: label } : { ariaRole: 'button' }
}

/** A control that takes no tap now (摇一摇 with no chances left): named, and disabled for screen readers. */
export function disabledButtonProps(label: string): Record<string, string | boolean> {
  return { ariaRole: 'button', ariaLabel: label, ariaDisabled: true }
}
