export interface Named {
  nickName?: string
  nick_name?: string
  nickname?: string
  name?: string
}

/** A person's display name: nickName, else nick_name, nickname or name (spec R3.3, R3.22), else `fallback`. */
export function displayName(p: Named | null | undefined, fallback = ''): string {
  return p?.nickName || p?.nick_name || p?.nickname || p?.name || fallback
}
