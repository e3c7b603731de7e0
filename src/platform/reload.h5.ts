/** H5: reload the page (logout, spec R4.3). */
export function reloadApp(): void {
  window.location.reload()
}
