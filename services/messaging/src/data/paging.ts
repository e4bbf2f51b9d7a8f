/** A page of a list, or the whole list (the documented clients page on their side). */
export type Paging = { skip: number; take: number } | undefined

export function paging(query: { page?: number; limit?: number }, defaultLimit: number): Paging {
  if (query.page === undefined && query.limit === undefined) return undefined
  const take = query.limit ?? defaultLimit
  return { skip: ((query.page ?? 1) - 1) * take, take }
}
