/** H5: no WeChat base library to check (base-library.ts is the mini-program's). */
export function checkBaseLibrary(): boolean {
  return true
}
