/** Wire types shared by the api modules (and by the stores that page through them). */

/** The paged-list response (spec R3.24). totalPage may be missing (R4.20). */
export interface PagedData<T> {
  currentPage?: number
  totalPage?: number
  total?: number
  list: T[]
}
