import { PAGE_ALIASES } from '../src/router/aliases'

/**
 * H5 alias table for custom routes (spec R2.41): the short paths of src/router/aliases.ts. Taro's router replaces a
 * page's own path by its aliases, so each entry lists the canonical path first: both the canonical path and the
 * aliases open the page, and navigation keeps writing the canonical one.
 */
export const h5Aliases: Record<string, string[]> = Object.fromEntries(
  Object.entries(PAGE_ALIASES).map(([path, aliases]) => [path, [path, ...aliases]])
)
