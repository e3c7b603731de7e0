/** The H5 page's own protocol. */
export function pageProtocol(): 'http:' | 'https:' {
  return window.location.protocol === 'https:' ? 'https:' : 'http:'
}
