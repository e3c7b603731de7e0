/** H5: a pathname under the router's /m2 basename (R2.1), e.g. /m2/pages/home/home → /pages/home/home. */
export function pathUnderBasename(pathname: string): string {
  return pathname.replace(/^\/m2(?=\/|$)/, '')
}
