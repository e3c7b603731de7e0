/** The mini-program always loads over https. */
export function pageProtocol(): 'http:' | 'https:' {
  return 'https:'
}
