/** Mini-program: WeChat's accessibility attributes (aria-role, aria-label). aria.h5.ts is the H5 variant. */
export function dialogProps(label: string): Record<string, string> {
  return { ariaRole: 'dialog', ariaLabel: label }
}

export function buttonProps(label?: string): Record<string, string> {
  return label ? { ariaRole: 'button', ariaLabel: label } : { ariaRole: 'button' }
}
