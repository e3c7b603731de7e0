/** App configuration constants of spec R1.20–R1.23. */
export const THEME_COLOR = '#ff8300' // R1.20
export const HOME_PATH = 'pages/home/home' // R1.21
export const DESIGN_WIDTH = 750 // R1.22
export const LOCALE = 'zh-cn' // R1.23
