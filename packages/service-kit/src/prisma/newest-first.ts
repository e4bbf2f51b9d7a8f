/** The part of a Prisma model delegate a paged list reads. */
export type PagedModel<Row, Where> = {
  findMany(args: {
    where: Where
    orderBy: { createdAt?: 'desc'; id?: 'desc' }[]
    skip: number
    take: number
  }): PromiseLike<Row[]>
  count(args: { where: Where }): PromiseLike<number>
}

/**
 * One page of a model's rows, newest first (ties by id, so the order is stable), and how many match in
 * all: the query behind every "newest first" list.
 */
export async function newestFirstPage<Row, Where>(
  model: PagedModel<Row, Where>,
  where: Where,
  page: { skip: number; take: number },
): Promise<{ rows: Row[]; total: number }> {
  const [rows, total] = await Promise.all([
    model.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
    }),
    model.count({ where }),
  ])
  return { rows, total }
}
