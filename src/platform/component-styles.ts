// Mini-program: WeChat draws its own components; there are no component styles to load (component-styles.h5.ts).
export {}
