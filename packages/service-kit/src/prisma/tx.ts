// biome-ignore lint/suspicious/noExplicitAny: any client's $transaction, whatever its overloads
type Transactional = { $transaction: (...args: any[]) => any }

/**
 * The interactive-transaction client of a generated PrismaClient. It fits the client itself too, so a
 * repository taking it works inside or outside a transaction.
 */
export type TxOf<Client extends Transactional> = Parameters<Parameters<Client['$transaction']>[0]>[0]
