/** Mini-program: no keyboard to serve (keyboard.h5.ts activates tappable elements with Enter and Space on H5). */
export function installKeyActivation(): void {}
