import type { A11yProps } from './a11y'

/** H5 variant of a11y.ts: ARIA attributes, every value a string (Taro's H5 components drop non-string attributes). */
export function tablistProps(label?: string): A11yProps {
  return { role: 'tablist', 'aria-label': label }
}

export function tabProps(selected: boolean): A11yProps {
  return { role: 'tab', 'aria-selected': selected ? 'true' : 'false', tabindex: '0' }
}

export function buttonProps(label?: string): A11yProps {
  return { role: 'button', 'aria-label': label, tabindex: '0' }
}

export function linkProps(): A11yProps {
  return { role: 'link', tabindex: '0' }
}

export function choiceProps(selected: boolean): A11yProps {
  return { role: 'radio', 'aria-checked': selected ? 'true' : 'false', tabindex: '0' }
}

export function dialogProps(label: string): A11yProps {
  return { role: 'dialog', 'aria-label': label }
}

export function radioGroupProps(label: string): A11yProps {
  return { role: 'radiogroup', 'aria-label': label }
}

export function switchProps(on: boolean, label?: string): A11yProps {
  return { role: 'switch', 'aria-checked': on ? 'true' : 'false', 'aria-label': label, tabindex: '0' }
}

export function checkboxProps(checked: boolean, label: string): A11yProps {
  return { role: 'checkbox', 'aria-checked': checked ? 'true' : 'false', 'aria-label': label, tabindex: '0' }
}

export function disabledProps(disabled: boolean): A11yProps {
  return { 'aria-disabled': disabled ? 'true' : 'false' }
}

export function carouselProps(label: string): A11yProps {
  return { role: 'region', 'aria-roledescription': '轮播', 'aria-label': label }
}

export function slidesProps(turning: boolean): A11yProps {
  return { 'aria-live': turning ? 'off' : 'polite' }
}

export function slideProps(index: number, count: number): A11yProps {
  return { role: 'group', 'aria-roledescription': '幻灯片', 'aria-label': `${index + 1} / ${count}` }
}

export const hiddenProps: A11yProps = { 'aria-hidden': 'true' }

export function logProps(label: string, live: 'polite' | 'off'): A11yProps {
  return { role: 'log', 'aria-label': label, 'aria-live': live, 'aria-relevant': 'additions', tabindex: '0' }
}

/** Taro's H5 input hands the props it does not know to its own `<input>`: the name goes on it. */
export function inputLabelProps(label: string): A11yProps {
  return { 'aria-label': label }
}
