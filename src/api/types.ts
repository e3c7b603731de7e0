/** Wire types shared by the api modules (and by the stores that page through them). */

/**
 * The paged-list response as the client reads it (spec R3.24): totalPage may be missing (R4.20), and PagedList seeds a
 * page from a bare list. The contract's Paged is the reference server's answer, every field present: it is assignable
 * to this, so the API functions answer the contract's pages and the stores read them as this.
 */
export interface PagedData<T> {
  currentPage?: number
  totalPage?: number
  total?: number
  list: T[]
}
