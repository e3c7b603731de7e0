/**
 * Accessibility attributes for Taro components, one call per meaning on both targets. Mini-program: WeChat's own
 * attributes (`aria-role`, `aria-label`, `aria-selected`, `aria-hidden`), which the templates carry through
 * config/a11y-plugin.ts. H5 (a11y.h5.ts): ARIA attributes on the rendered elements; Taro's H5 components set an
 * attribute only for a string value, so every value there is a string.
 */
export type A11yProps = Record<string, string | boolean | undefined>

/** A row of tabs; `label` names the row. */
export function tablistProps(label?: string): A11yProps {
  return { ariaRole: 'tablist', ariaLabel: label }
}

/** One tab and whether it is the current one. */
export function tabProps(selected: boolean): A11yProps {
  return { ariaRole: 'tab', ariaSelected: selected }
}

/** Something tappable that is not a `<Button>` (an icon, a text link), with its name when it has no text of its own. */
export function buttonProps(label?: string): A11yProps {
  return { ariaRole: 'button', ariaLabel: label }
}

/** Something tappable that opens another page (a card, a row): its own text names it. */
export function linkProps(): A11yProps {
  return { ariaRole: 'link' }
}

/** One of a set of options (an amount, a payment method, a gift) and whether it is the chosen one. */
export function choiceProps(selected: boolean): A11yProps {
  return { ariaRole: 'radio', ariaChecked: selected }
}

/** A panel over the page (a player's menu) and its name. */
export function dialogProps(label: string): A11yProps {
  return { ariaRole: 'dialog', ariaLabel: label }
}

/** A set of choices of which one is chosen (字号, 显示区域), and its name. */
export function radioGroupProps(label: string): A11yProps {
  return { ariaRole: 'radiogroup', ariaLabel: label }
}

/** An on/off setting drawn as a switch (弹幕开关) and whether it is on. */
export function switchProps(on: boolean, label?: string): A11yProps {
  return { ariaRole: 'switch', ariaChecked: on, ariaLabel: label }
}

/** A box the viewer ticks (the login's consent) and whether it is ticked; `label` names it. */
export function checkboxProps(checked: boolean, label: string): A11yProps {
  return { ariaRole: 'checkbox', ariaChecked: checked, ariaLabel: label }
}

/** A `<Button>`'s disabled state for screen readers: the mini-program's button already tells it. */
export function disabledProps(_disabled: boolean): A11yProps {
  return {}
}

/**
 * A set of slides that turn by themselves (home's banner), and its name. H5: the carousel pattern of WAI-ARIA's
 * authoring practices, whose slide container is `aria-live="off"` while it turns and `polite` when it does not.
 * Mini-program: WeChat reads a name, no role description or live region.
 */
export function carouselProps(label: string): A11yProps {
  return { ariaLabel: label }
}

/** The slide container of a carousel; `turning` says whether it turns by itself (H5: its live region). */
export function slidesProps(_turning: boolean): A11yProps {
  return {}
}

/** One slide of a carousel: its place among them, `1 / 4`. Mini-program: nothing (its link and image name it). */
export function slideProps(_index: number, _count: number): A11yProps {
  return {}
}

/** Hidden from screen readers: decoration, or content repeated elsewhere (the flying danmaku). */
export const hiddenProps: A11yProps = { ariaHidden: true }

/**
 * A list that grows with new messages (the chat): `polite` announces additions, `off` stops announcing (a busy room).
 * The mini-program's screen readers have no live regions; it names the list only.
 */
export function logProps(label: string, _live: 'polite' | 'off'): A11yProps {
  return { ariaLabel: label }
}

/** An input's name for screen readers (a closed chat's box says why it takes no text). */
export function inputLabelProps(label: string): A11yProps {
  return { ariaLabel: label }
}
