// Slot of the live room's interactions: likes and gifts (InteractBar) and the paid-live banner (PremiumBanner).
// Being built in src/packageA/components/interact/ (issue 6); the live page already renders both.
export function InteractBar(_props: { roomId: number }) {
  return null
}

export function PremiumBanner(_props: { roomId: number }) {
  return null
}
