/** App configuration constants of spec R1.20–R1.23. */
export const THEME_COLOR = '#ff8300' // R1.20
/**
 * Accessible pairs of the theme (WCAG AA, README "Accessibility"): #ff8300 on white is 2.5:1, under AA for text of any
 * size, so small orange text, and surfaces that carry white text, use the deeper #b34f00 (5.2:1 on white, 4.8:1 on
 * #f5f5f5); secondary grey text is #6b6b6b (5.3:1). #ff8300 stays for backgrounds with dark text, borders and marks.
 */
export const THEME_TEXT_COLOR = '#b34f00'
export const MUTED_TEXT_COLOR = '#6b6b6b'
export const HOME_PATH = 'pages/home/home' // R1.21
export const DESIGN_WIDTH = 750 // R1.22
