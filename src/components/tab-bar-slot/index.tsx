// Mini-program: the host draws src/custom-tab-bar, so tab pages render nothing here.
export function TabBarSlot() {
  return null
}
